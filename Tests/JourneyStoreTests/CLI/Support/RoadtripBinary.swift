import Foundation

/// The built `roadtrip` executable, found next to the test bundle (as swift-argument-parser's
/// test helpers find theirs), run as a real process.
enum RoadtripBinary {
  /// The executable's path: the folder of the running test binary holds the package's products.
  static let path: String = {
    let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: testBinary).deletingLastPathComponent().appendingPathComponent("roadtrip").path
  }()

  /// Runs `roadtrip` with arguments in a controlled environment and collects what it left.
  /// - Parameters:
  ///   - arguments: The arguments after `roadtrip`.
  ///   - environment: The whole environment (nothing is inherited).
  ///   - input: Standard input; empty by default (`/dev/null`).
  ///   - folder: A folder for the captured output files.
  static func run(
    _ arguments: [String], environment: [String: String], input: String? = nil, in folder: TemporaryFolder
  ) async throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    let name = UUID().uuidString
    let outputPath = folder.file("\(name).out"), errorPath = folder.file("\(name).err")
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    process.standardOutput = output
    process.standardError = error
    var handles = [output, error]
    if let input {
      let inputPath = folder.file("\(name).in")
      _ = FileManager.default.createFile(atPath: inputPath, contents: Data(input.utf8))
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
      handles.append(handle)
      process.standardInput = handle
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    let status = try await runToEnd(process, closingOnceStarted: handles)
    return CommandResult(
      standardOutput: String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self),
      standardError: String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self),
      exitCode: status)
  }

  /// Starts a process and waits for it without blocking a thread.
  /// - Parameter handles: The files given to the child as its standard streams, closed here once
  ///   it has started (`startClosing`).
  /// - Returns: Its exit code, or 128 + the signal number that ended it.
  static func runToEnd(_ process: Process, closingOnceStarted handles: [FileHandle] = [])
    async throws -> Int32
  {
    try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { process in
        let status = process.terminationStatus
        continuation.resume(returning: process.terminationReason == .uncaughtSignal ? 128 + status : status)
      }
      do {
        try startClosing(process, handles)
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
  }

  /// Starts a process, then closes the test process's copies of the files given to it as its
  /// standard streams (`handles`), whether it started or not: the child has its own. Kept open
  /// until each awaiting test resumed, they reached ~1,340 descriptors in a whole-suite run, and
  /// from there Foundation 6.3.1's `Process.run` reads past the end of a buffer as it looks for
  /// the highest open descriptor (swift-corelibs-foundation PR 5472): a crash, once.
  static func startClosing(_ process: Process, _ handles: [FileHandle]) throws {
    defer { for handle in handles { try? handle.close() } }
    try process.run()
  }
}
