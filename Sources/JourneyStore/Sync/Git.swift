import Foundation
import Glibc

/// The `git` program, found on the `PATH` of `environment` and run with Foundation's `Process`.
///
/// Not apple/swift-subprocess: its API is async only, and `SyncRemote` is synchronous. A
/// synchronous wait on it needs a free thread of Swift's cooperative pool (even under a task
/// executor preference, part of its work runs there), so as many syncs at once as the machine has
/// cores, each blocking a thread of that pool, never finish. `Process` waits on threads of its own.
struct Git: Sendable {
  /// The environment git runs with.
  let environment: [String: String]
}

extension Git {
  /// What one run of git printed, and how it ended.
  struct Output: Sendable {
    /// The exit status, or 128 plus the signal that ended it.
    let status: Int32
    let standardOutput: String
    let standardError: String

    var succeeded: Bool { status == 0 }

    /// git's own words for a failure: its standard error, trimmed.
    var message: String {
      let text = standardError.trimmingCharacters(in: .whitespacesAndNewlines)
      return text.isEmpty ? "git exited with status \(status)" : text
    }

    /// Standard output's first line, trimmed.
    var line: String {
      standardOutput.split(separator: "\n").first.map(String.init)?
        .trimmingCharacters(in: .whitespaces) ?? ""
    }
  }

  /// Why git could not be run at all.
  enum LaunchFailure: Error {
    /// No folder of `PATH` holds an executable `git`.
    case notFound
    /// The executable at `path` did not start.
    case unusable(path: String, reason: String)
  }

  /// The path of `git`: the first folder of `PATH` that holds an executable file of that name
  /// (`/usr/bin:/bin` when `PATH` is unset), as a shell finds it.
  var executablePath: String? {
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.lazy.map { $0 + "/git" }.first {
      $0.hasPrefix("/") && PathKind(of: $0) == .file && access($0, X_OK) == 0
    }
  }

  /// Runs git with `arguments`, standard input empty, and collects what it prints.
  /// - Throws: `LaunchFailure` when git is missing or does not start; a failure of git itself
  ///   is an `Output` whose status is not 0.
  func run(_ arguments: [String]) throws(LaunchFailure) -> Output {
    guard let path = executablePath else { throw .notFound }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardOutput = standardOutput
    process.standardError = standardError
    do {
      try process.run()
    } catch {
      throw .unusable(path: path, reason: "\(error)")
    }
    let printed = Self.readToEnd(
      [standardOutput.fileHandleForReading.fileDescriptor,
       standardError.fileHandleForReading.fileDescriptor])
    process.waitUntilExit()
    let status = process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return Output(
      status: status, standardOutput: String(decoding: printed[0], as: UTF8.self),
      standardError: String(decoding: printed[1], as: UTF8.self))
  }

  /// Reads every descriptor until its end, all at once, so that a full pipe never stops the
  /// program writing to it.
  private static func readToEnd(_ descriptors: [Int32]) -> [[UInt8]] {
    var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    var bytes = [[UInt8]](repeating: [], count: descriptors.count)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while polled.contains(where: { $0.fd >= 0 }) {
      guard poll(&polled, nfds_t(polled.count), -1) >= 0 || errno == EINTR else { break }
      for index in polled.indices where polled[index].fd >= 0 && polled[index].revents != 0 {
        let count = read(polled[index].fd, &buffer, buffer.count)
        if count > 0 {
          bytes[index] += buffer[..<count]
        } else if count == 0 || errno != EINTR && errno != EAGAIN {
          polled[index].fd = -1
        }
      }
    }
    return bytes
  }
}
