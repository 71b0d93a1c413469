import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A process a reliability test starts: its output goes to files (never to a pipe the test must
/// drain), every wait for it is bounded, and it is killed when the test lets go of it, whichever
/// way the test ends.
final class Child: @unchecked Sendable {
  let process: Process
  private let outputPath: String
  private let errorPath: String

  /// Starts a program.
  /// - Parameters:
  ///   - executable: The program; `roadtrip` by default.
  ///   - arguments: Its arguments.
  ///   - environment: Its whole environment.
  ///   - input: A file for standard input, or a `FileHandle` (such as a pipe's read end); else
  ///     `/dev/null`.
  ///   - folder: Where its standard output and error are kept.
  ///   - handle: Where its standard output goes instead, such as a pipe's write end.
  init(
    _ executable: String = RoadtripBinary.path, _ arguments: [String], environment: [String: String],
    inputFile: String? = nil, input: FileHandle? = nil, in folder: TemporaryFolder, output handle: FileHandle? = nil
  ) throws {
    let name = UUID().uuidString
    outputPath = folder.file("\(name).out")
    errorPath = folder.file("\(name).err")
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    var handles = [output, error]
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    process.standardOutput = handle ?? output
    process.standardError = error
    if let inputFile {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputFile))
      handles.append(handle)
      process.standardInput = handle
    } else if let input {
      process.standardInput = input
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try RoadtripBinary.startClosing(process, handles)
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  var pid: Int32 { process.processIdentifier }

  var isRunning: Bool { process.isRunning }

  /// Sends a signal, such as `SIGKILL` or `SIGINT`.
  func signal(_ number: Int32) {
    if process.isRunning { kill(process.processIdentifier, number) }
  }

  /// Waits for the process to end, at most `timeout`; past it, kills it and throws.
  /// - Returns: What it left: its output, and its exit code (128 + the signal that ended it).
  func finish(within timeout: Duration = .seconds(60)) async throws -> CommandResult {
    let deadline = ContinuousClock.now + timeout
    while process.isRunning {
      if ContinuousClock.now > deadline {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        throw ChildTimeout(arguments: process.arguments ?? [], timeout: timeout)
      }
      try await Task.sleep(for: .milliseconds(5))
    }
    process.waitUntilExit()
    let status = process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return CommandResult(
      standardOutput: String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self),
      standardError: String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self),
      exitCode: status)
  }

  /// Waits, at most `timeout`, until `condition` holds while the process runs.
  /// - Returns: Whether it held before the process ended.
  func wait(within timeout: Duration = .seconds(60), until condition: () throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if try condition() { return process.isRunning }
      if !process.isRunning { return false }
      try await Task.sleep(for: .milliseconds(5))
    }
    // Once more: a loaded machine may not have run this task again before the deadline.
    return try condition() && process.isRunning
  }

  /// Sends a signal the moment `condition` holds while the process runs, watching from a thread
  /// of its own (every 2 ms), so that a loaded machine cannot make the test miss the moment.
  /// - Returns: Whether the signal was sent while the process ran; `false` when it ended first or
  ///   `timeout` passed.
  func signal(_ number: Int32, when condition: @escaping @Sendable () -> Bool, within timeout: Duration = .seconds(90))
    async throws -> Bool
  {
    try await onOwnThread { [self] in
      let deadline = ContinuousClock.now + timeout
      while ContinuousClock.now < deadline && process.isRunning {
        if condition() {
          guard process.isRunning else { return false }
          kill(process.processIdentifier, number)
          return true
        }
        usleep(2000)
      }
      return false
    }
  }

  /// Runs a program to its end, killing it past `timeout`.
  static func run(
    _ executable: String = RoadtripBinary.path, _ arguments: [String], environment: [String: String],
    inputFile: String? = nil, in folder: TemporaryFolder, timeout: Duration = .seconds(60)
  ) async throws -> CommandResult {
    try await Child(executable, arguments, environment: environment, inputFile: inputFile, in: folder)
      .finish(within: timeout)
  }
}

/// A child that did not end in time; it was killed.
struct ChildTimeout: Error, CustomStringConvertible {
  let arguments: [String]
  let timeout: Duration
  var description: String { "\(arguments) did not end within \(timeout); killed" }
}

/// A test could not set up the situation it tests.
struct SetupFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

extension CLISandbox {
  /// Runs `roadtrip` to its end, killing it after `timeout`.
  func runBounded(
    _ arguments: [String], inputFile: String? = nil, environment changes: [String: String] = [:],
    timeout: Duration = .seconds(60)
  ) async throws -> CommandResult {
    try await Child.run(
      RoadtripBinary.path, arguments, environment: environment.merging(changes) { $1 }, inputFile: inputFile, in: folder,
      timeout: timeout)
  }

  /// Starts `roadtrip` without waiting for it.
  func start(
    _ arguments: [String], inputFile: String? = nil, input: FileHandle? = nil,
    environment changes: [String: String] = [:]
  ) throws -> Child {
    try Child(RoadtripBinary.path, arguments, environment: environment.merging(changes) { $1 }, inputFile: inputFile, input: input, in: folder)
  }

  /// The size of a file in bytes, or 0 when it does not exist.
  func size(of path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// Fills the database with `count` journeys straight through the `sqlite3` shell (fast, one
  /// statement), after `roadtrip` created it; ids are `00000000-0000-4000-8000-000000000000` on.
  /// The WAL is checkpointed and emptied afterwards.
  func seedQuickly(_ count: Int) async throws {
    let created = try await runBounded(["add", "seed", "--start", "2026-11-21T08:00:00Z"])
    guard created.exitCode == 0 else { throw SetupFailure("roadtrip add: \(created)") }
    let sql = """
      DELETE FROM change; DELETE FROM batch; DELETE FROM journey;
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - 1))
      INSERT INTO journey (id, name, transportation_type, start_date, duration)
      SELECT printf('%08x-0000-4000-8000-000000000000', i), 'Journey ' || i, 'car', 815000000 + i * 60, 600 FROM n;
      PRAGMA wal_checkpoint(TRUNCATE);
      """
    let result = try await Child.run("/usr/bin/sqlite3", [databasePath, sql], environment: environment, in: folder)
    guard result.exitCode == 0 else { throw SetupFailure("sqlite3: \(result)") }
  }

  /// The id `seedQuickly` gives its journey number `index`.
  static func seededID(_ index: Int) -> String {
    String(format: "%08x-0000-4000-8000-000000000000", index)
  }
}
