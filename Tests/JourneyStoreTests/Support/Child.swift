import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The one way a test runs another program (roadtrip, the sqlite3 shell, git, python3, a shell):
/// its standard output and error go to files (never to a pipe the test must drain) unless the
/// test hands it a pipe's end, every wait for it is bounded unless the test says otherwise, and it
/// is killed when the test lets go of it, whichever way the test ends.
///
/// Start one and keep it running (a lock holder, a command to interrupt) with `init`, then
/// `finish`; or run one to its end with `run` (or `runBlocking` from a test that does not
/// `await`).
final class Child: @unchecked Sendable {
  let process: Process
  private let outputPath: String
  private let errorPath: String
  private let ending = Ending()
  /// The folder of the output files when the test gave none; removed with the child.
  private let ownFolder: TemporaryFolder?

  /// Starts a program.
  /// - Parameters:
  ///   - executable: The program; `roadtrip` by default.
  ///   - arguments: Its arguments.
  ///   - environment: Its whole environment; `nil` inherits the test process's.
  ///   - inputText: Text for standard input; or
  ///   - inputFile: a file for it; or
  ///   - input: a `FileHandle` (such as a pipe's read end); else `/dev/null`.
  ///   - folder: Where its standard output and error are kept, and its working folder; when
  ///     `nil`, they are kept in a folder of its own and it works in the test's working folder.
  ///   - handle: Where its standard output goes instead, such as a pipe's write end or
  ///     `FileHandle.nullDevice`.
  ///   - errorHandle: Where its standard error goes instead.
  ///   - mergesError: Whether standard error goes to standard output's file, as a terminal
  ///     shows both.
  init(
    _ executable: String = RoadtripBinary.path, _ arguments: [String], environment: [String: String]? = nil,
    inputText: String? = nil, inputFile: String? = nil, input: FileHandle? = nil, in folder: TemporaryFolder? = nil,
    output handle: FileHandle? = nil, error errorHandle: FileHandle? = nil, mergesError: Bool = false
  ) throws {
    let files = try folder ?? TemporaryFolder()
    ownFolder = folder == nil ? files : nil
    let name = UUID().uuidString
    outputPath = files.file("\(name).out")
    errorPath = files.file("\(name).err")
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    var handles = [output, error]
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder.path) }
    process.standardOutput = handle ?? output
    process.standardError = errorHandle ?? (mergesError ? output : error)
    var inputFile = inputFile
    if let inputText {
      inputFile = files.file("\(name).in")
      _ = FileManager.default.createFile(atPath: inputFile!, contents: Data(inputText.utf8))
    }
    if let inputFile {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputFile))
      handles.append(handle)
      process.standardInput = handle
    } else if let input {
      process.standardInput = input
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    let ending = ending
    process.terminationHandler = { process in
      let status = process.terminationStatus
      ending.end(process.terminationReason == .uncaughtSignal ? 128 + status : status)
    }
    try Self.startClosing(process, handles)
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

  /// Waits for the process to end, at most `timeout` (`nil`: as long as it takes); past it, kills
  /// it and throws `ChildTimeout`.
  /// - Returns: What it left: its output, and its exit code (128 + the signal that ended it).
  func finish(within timeout: Duration? = .seconds(60)) async throws -> CommandResult {
    guard let timeout else { return result(await ending.status()) }
    let pid = pid
    let killer = Task { [ending] in
      try await Task.sleep(for: timeout)
      return ending.kill(pid)
    }
    let status = await ending.status()
    killer.cancel()
    if (try? await killer.value) == true { throw ChildTimeout(arguments: process.arguments ?? [], timeout: timeout) }
    return result(status)
  }

  /// `finish(within:)` for a test that does not `await`: blocks its thread meanwhile.
  func finishBlocking(within timeout: Duration? = .seconds(60)) throws -> CommandResult {
    if let status = ending.status(waitingAtMost: timeout) { return result(status) }
    _ = ending.kill(pid)
    _ = ending.status(waitingAtMost: nil)
    throw ChildTimeout(arguments: process.arguments ?? [], timeout: timeout ?? .zero)
  }

  /// What the process wrote to its captured standard output so far.
  func outputSoFar() -> String {
    String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
  }

  /// What the process left, once it ended with `status`.
  private func result(_ status: Int32) -> CommandResult {
    CommandResult(
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

  /// Runs a program to its end, killing it past `timeout` (`nil`: as long as it takes).
  static func run(
    _ executable: String = RoadtripBinary.path, _ arguments: [String], environment: [String: String]? = nil,
    inputText: String? = nil, inputFile: String? = nil, in folder: TemporaryFolder? = nil,
    output: FileHandle? = nil, error: FileHandle? = nil, mergesError: Bool = false,
    timeout: Duration? = .seconds(60)
  ) async throws -> CommandResult {
    try await Child(
      executable, arguments, environment: environment, inputText: inputText, inputFile: inputFile, in: folder,
      output: output, error: error, mergesError: mergesError
    ).finish(within: timeout)
  }

  /// `run` for a test that does not `await`: blocks its thread meanwhile.
  static func runBlocking(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    inputText: String? = nil, in folder: TemporaryFolder? = nil, timeout: Duration? = .seconds(60)
  ) throws -> CommandResult {
    try Child(executable, arguments, environment: environment, inputText: inputText, in: folder)
      .finishBlocking(within: timeout)
  }

  /// Starts a process, then closes the test process's copies of the files given to it as its
  /// standard streams (`handles`), whether it started or not: the child has its own. Kept open
  /// until each awaiting test resumed, they reached ~1,340 descriptors in a whole-suite run, and
  /// from there Foundation 6.3.1's `Process.run` reads past the end of a buffer as it looks for
  /// the highest open descriptor (swift-corelibs-foundation PR 5472): a crash, once.
  private static func startClosing(_ process: Process, _ handles: [FileHandle]) throws {
    defer { for handle in handles { try? handle.close() } }
    try process.run()
  }

  /// The exit status once the process ended, for whoever waits for it.
  private final class Ending: @unchecked Sendable {
    private let condition = NSCondition()
    private var exitStatus: Int32?
    private var waiting: [CheckedContinuation<Int32, Never>] = []

    func end(_ status: Int32) {
      condition.lock()
      exitStatus = status
      let waiting = self.waiting
      self.waiting = []
      condition.broadcast()
      condition.unlock()
      for continuation in waiting { continuation.resume(returning: status) }
    }

    func status() async -> Int32 {
      await withCheckedContinuation { continuation in
        condition.lock()
        if let exitStatus {
          condition.unlock()
          continuation.resume(returning: exitStatus)
        } else {
          waiting.append(continuation)
          condition.unlock()
        }
      }
    }

    /// The status, waiting at most `timeout` (`nil`: as long as it takes) for it.
    func status(waitingAtMost timeout: Duration?) -> Int32? {
      condition.lock()
      defer { condition.unlock() }
      let deadline = timeout.map { Date(timeIntervalSinceNow: $0 / .seconds(1)) }
      while exitStatus == nil {
        if let deadline {
          if !condition.wait(until: deadline) && exitStatus == nil { return nil }
        } else {
          condition.wait()
        }
      }
      return exitStatus
    }

    /// Kills the process with SIGKILL unless it ended.
    /// - Returns: Whether it was killed.
    func kill(_ pid: Int32) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      guard exitStatus == nil else { return false }
      return Glibc.kill(pid, SIGKILL) == 0
    }
  }
}

/// A child that did not end in time; it was killed.
struct ChildTimeout: Error, CustomStringConvertible {
  let arguments: [String]
  let timeout: Duration
  var description: String { "\(arguments) did not end within \(timeout); killed" }
}
