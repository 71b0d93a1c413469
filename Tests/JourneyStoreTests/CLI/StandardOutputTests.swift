import Foundation
import Testing
import JourneyStore

@Suite("Standard output that is full, closed or closed early")
struct BufferedOutputTests {
  @Test(arguments: [["list"], ["types"], ["show", "aaaa1"], ["--help"], ["db", "path"]])
  func aFullBufferedOutputIs74(_ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await shell(sandbox, arguments, redirect: "> /dev/full")
    result.expectExit(74)
    #expect(result.standardError == "roadtrip: error: cannot write to standard output: No space left on device\n")
  }

  @Test func aClosedBufferedOutputIs74() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await shell(sandbox, ["list"], redirect: ">&-")
    result.expectExit(74)
    #expect(result.standardError == "roadtrip: error: cannot write to standard output: Bad file descriptor\n")
    #expect(try sandbox.records().count == 3)
  }

  @Test func aCommandThatPrintsNothingDoesNotMindAClosedBufferedOutput() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await shell(sandbox, ["transport", "aaaa1", "bike"], redirect: ">&-")
    result.expectSuccess()
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "bike")
  }

  @Test func aReaderThatClosesThePipeEarlyIsNormal() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seed((0..<3000).map { Journey(name: "Journey \($0)", startDate: SampleJourneys.morning.addingTimeInterval(Double($0))) })
    let process = Process()
    process.executableURL = URL(fileURLWithPath: RoadtripBinary.path)
    process.arguments = ["list", "--format", "ndjson"]
    process.environment = sandbox.environment
    let output = Pipe()
    let errorPath = sandbox.folder.file("pipe.err")
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    process.standardInput = FileHandle.nullDevice
    async let status = RoadtripBinary.runToEnd(process)
    // Once the child has the write end, this process lets go of it: if the child stops, the read
    // below sees the end of the input instead of waiting for ever.
    while process.processIdentifier == 0 { try await Task.sleep(for: .milliseconds(10)) }
    try output.fileHandleForWriting.close()
    let firstBytes = try output.fileHandleForReading.read(upToCount: 100) ?? Data()
    try output.fileHandleForReading.close()
    #expect(try await status == 0)
    #expect(String(decoding: firstBytes, as: UTF8.self).hasPrefix(#"{"id":""#))
    #expect(sandbox.bytes(of: errorPath) == Data())
  }

  /// Runs roadtrip through `sh`, for redirections that `Process` cannot make.
  private func shell(_ sandbox: CLISandbox, _ arguments: [String], redirect: String) async throws -> CommandResult {
    let quoted = ([RoadtripBinary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "\(quoted) \(redirect)"]
    process.environment = sandbox.environment
    let errorPath = sandbox.folder.file("\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    process.standardInput = FileHandle.nullDevice
    let status = try await RoadtripBinary.runToEnd(process)
    return CommandResult(
      standardOutput: "", standardError: String(decoding: sandbox.bytes(of: errorPath) ?? Data(), as: UTF8.self),
      exitCode: status)
  }
}
