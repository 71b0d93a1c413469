import Glibc
import Synchronization

/// The `git` program, found on the `PATH` of `environment` and started by the C library
/// (`Git+Spawn.swift`).
///
/// Neither of the two usual ways fits. apple/swift-subprocess is async only and `SyncRemote` is
/// synchronous: waiting on it needs a free thread of Swift's cooperative pool (part of its work
/// runs there even under a task executor preference), so as many syncs at once as the machine
/// has cores, each blocking a thread of that pool, never finish. Foundation's `Process` puts the
/// program in a process group of its own: Ctrl-C does not reach git, and git asking the
/// terminal for a password is stopped for good (SIGTTIN), with roadtrip waiting on it. Here git
/// stays in roadtrip's process group, with no signal blocked and SIGPIPE as by default.
struct Git: Sendable {
  /// The environment git runs with.
  let environment: [String: String]
  /// Asked every 100 ms while git runs: once it says yes, git is ended (SIGTERM) and `run`
  /// returns at once, its output `wasStopped`. A sync's fetch sets it
  /// (`GitRemote.fetch(stoppingWhen:)`); `nil`: git runs to its end.
  var stopRequested: (@Sendable () -> Bool)? = nil
}

extension Git {
  /// What one run of git printed, and how it ended.
  struct Output: Sendable {
    /// The exit status, or 128 plus the signal that ended it.
    let status: Int32
    let standardOutput: String
    let standardError: String
    /// Whether git was ended because `stopRequested` said so: what it printed is incomplete.
    var wasStopped = false

    var succeeded: Bool { status == 0 }

    /// git's own words for a failure, fit to pass on: its standard error, without the blank
    /// lines and spaces around it, the user part of every URL in it left out (where a token or
    /// a password lies: `RemoteLocation.redacted`), and the control characters of each line
    /// escaped (a server's text reaches it: "remote: …").
    var message: String {
      let text = standardError.trimmingWhitespace
      guard !text.isEmpty else { return "git exited with status \(status)" }
      return RemoteLocation.redacted(text).split(separator: "\n", omittingEmptySubsequences: false)
        .map { String($0).escapingControlCharacters }.joined(separator: "\n")
    }

    /// Standard output's first line, without spaces around it.
    var line: String {
      standardOutput.split(separator: "\n").first.map { String($0).trimmingWhitespace } ?? ""
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
    var standardOutput: [Int32] = [-1, -1]
    var standardError: [Int32] = [-1, -1]
    // The pipes are made and git started under one lock, so that no other git started here
    // inherits their ends before they are marked close-on-exec (pipe2 is not in Swift's Glibc).
    let started = Self.spawning.withLock { _ -> SpawnResult in
      guard pipe(&standardOutput) == 0 else { return .failure(errno) }
      guard pipe(&standardError) == 0 else { return .failure(errno) }
      for descriptor in standardOutput + standardError {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      }
      // ETXTBSY: another thread of this process holds the executable open for writing (it
      // wrote the file, and a child forked meanwhile has not reached exec yet); it passes.
      var result = spawn(path, arguments, output: standardOutput[1], error: standardError[1])
      for _ in 0..<20 where result.code == ETXTBSY {
        usleep(10_000)
        result = spawn(path, arguments, output: standardOutput[1], error: standardError[1])
      }
      return result
    }
    for descriptor in [standardOutput[1], standardError[1]] where descriptor >= 0 {
      close(descriptor)
    }
    defer {
      for descriptor in [standardOutput[0], standardError[0]] where descriptor >= 0 {
        close(descriptor)
      }
    }
    guard case .success(let process) = started else {
      throw .unusable(path: path, reason: String(cString: strerror(started.code)))
    }
    guard
      let printed = Self.readToEnd(
        [standardOutput[0], standardError[0]], stoppingWhen: stopRequested)
    else {
      // Not read to their end: a program git started (ssh, a helper) may hold the pipes open
      // after git is gone; closing them (deferred above) is its signal to go too.
      kill(process, SIGTERM)
      return Output(
        status: Self.wait(for: process), standardOutput: "", standardError: "", wasStopped: true)
    }
    return Output(
      status: Self.wait(for: process), standardOutput: String(decoding: printed[0], as: UTF8.self),
      standardError: String(decoding: printed[1], as: UTF8.self))
  }
}

extension String {
  /// The text without the spaces, tabs and line breaks at its ends.
  fileprivate var trimmingWhitespace: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
