import Foundation
import Testing
@testable import JourneyStore

#if canImport(Glibc)
import Glibc
#endif

/// A signal that arrives once a command's changes are committed does not turn its success into
/// a failure: a script that saw 130 would run the import again and store every journey twice.
///
/// The moment is made certain rather than guessed: standard error is a pipe the test has filled,
/// so the command blocks writing its summary, which it writes only after the commit; the test
/// sees the commit from its own connection, sends the signal, then drains the pipe.
@Suite("Reliability: interrupted after the commit", .serialized)
struct InterruptAfterCommitTests {
  enum Ending: CaseIterable, CustomTestStringConvertible {
    case interrupt, terminate
    var signal: Int32 { self == .interrupt ? SIGINT : SIGTERM }
    var name: String { self == .interrupt ? "SIGINT" : "SIGTERM" }
    var testDescription: String { name }
  }

  @Test(arguments: Ending.allCases)
  func anImportThatCommittedSucceeds(_ ending: Ending) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let input = sandbox.folder.file("new.ndjson")
    let lines = (0..<500).map {
      #"{"name":"Trip \#($0)","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#
    }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: input))
    let result = try await Self.run(["import", input], in: sandbox, ending: ending) {
      try sandbox.records().count == 503
    }
    result.expectSuccess()
    #expect(result.standardError.contains("Imported 500 journeys in"), "\(result)")
    #expect(result.standardError.contains("\(ending.name) arrived after the changes were committed: they are stored"), "\(result)")
    #expect(try sandbox.records().count == 503)
    try await sandbox.run("db", "check").expectSuccess()
  }

  @Test(arguments: Ending.allCases)
  func anUndoThatCommittedSucceeds(_ ending: Ending) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("transport", SampleJourneys.coastID, "bike").expectSuccess()
    let undo = try await Self.run(["undo"], in: sandbox, ending: ending) {
      try sandbox.value("transportationType", of: SampleJourneys.coastID) == "car"
    }
    undo.expectSuccess()
    #expect(undo.standardError.hasPrefix("Undid roadtrip transport"), "\(undo)")
    let redo = try await Self.run(["redo"], in: sandbox, ending: ending) {
      try sandbox.value("transportationType", of: SampleJourneys.coastID) == "bike"
    }
    redo.expectSuccess()
    #expect(redo.standardError.contains("arrived after the changes were committed"), "\(redo)")
  }

  /// Before the commit, the same signal still ends the command with nothing stored (a pipe
  /// that never ends keeps the import inside its transaction).
  @Test func anImportInterruptedBeforeItsCommitStoresNothing() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let pipe = Pipe()
    let importing = try sandbox.start(["import"], input: pipe.fileHandleForReading)
    try pipe.fileHandleForReading.close()
    pipe.fileHandleForWriting.write(Data(#"{"name":"Half","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#.utf8 + [10]))
    try await Task.sleep(for: .milliseconds(300))
    importing.signal(SIGINT)
    let result = try await importing.finish(within: .seconds(30))
    try pipe.fileHandleForWriting.close()
    result.expectExit(130)
    #expect(try sandbox.records().count == 3)
  }

  /// Runs roadtrip with standard error a full pipe, waits until `committed` holds, sends the
  /// signal, and drains the pipe.
  static func run(
    _ arguments: [String], in sandbox: CLISandbox, ending: Ending, committed: @escaping @Sendable () throws -> Bool
  ) async throws -> CommandResult {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw SetupFailure("pipe: \(errno)") }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    defer { close(readEnd) }
    // Fill the pipe, then make it blocking again for the child.
    _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
    let filler = [UInt8](repeating: UInt8(ascii: "."), count: 4096)
    var filled = 0
    while true {
      let written = filler.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
      if written <= 0 { break }
      filled += written
    }
    _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) & ~O_NONBLOCK)
    let command = try Child(
      RoadtripBinary.path, arguments, environment: sandbox.environment, in: sandbox.folder,
      output: FileHandle.nullDevice, error: FileHandle(fileDescriptor: writeEnd, closeOnDealloc: false))
    close(writeEnd)
    defer { command.signal(SIGKILL) }
    let deadline = ContinuousClock.now + .seconds(60)
    while try !committed() {
      guard ContinuousClock.now < deadline, command.isRunning else {
        throw SetupFailure("\(arguments) did not commit while running")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    // Blocked on the full pipe, after the commit.
    #expect(command.isRunning, "\(arguments) ended before it could be interrupted")
    command.signal(ending.signal)
    let drained = try await onOwnThread { () -> [UInt8] in
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        if count <= 0 { return bytes }
        bytes += buffer[..<count]
      }
    }
    let status = try await command.finish(within: nil).exitCode
    return CommandResult(
      standardOutput: "", standardError: String(decoding: drained.dropFirst(filled), as: UTF8.self), exitCode: status)
  }
}
