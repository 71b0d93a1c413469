import Glibc
import Synchronization

/// The `git` program, found on the `PATH` of `environment` and started with `posix_spawn`.
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
}

extension Git {
  /// What one run of git printed, and how it ended.
  struct Output: Sendable {
    /// The exit status, or 128 plus the signal that ended it.
    let status: Int32
    let standardOutput: String
    let standardError: String

    var succeeded: Bool { status == 0 }

    /// git's own words for a failure: its standard error, without the blank lines and spaces
    /// around it.
    var message: String {
      let text = standardError.trimmingWhitespace
      return text.isEmpty ? "git exited with status \(status)" : text
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
      return spawn(path, arguments, output: standardOutput[1], error: standardError[1])
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
    let printed = Self.readToEnd([standardOutput[0], standardError[0]])
    return Output(
      status: Self.wait(for: process), standardOutput: String(decoding: printed[0], as: UTF8.self),
      standardError: String(decoding: printed[1], as: UTF8.self))
  }

  /// Starts git with standard input from `/dev/null` and standard output and error into the
  /// given descriptors, in this process group, with no signal blocked.
  private func spawn(
    _ path: String, _ arguments: [String], output: Int32, error: Int32
  ) -> SpawnResult {
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, error, STDERR_FILENO)
    var none = sigset_t()
    var pipe = sigset_t()
    sigemptyset(&none)
    sigemptyset(&pipe)
    sigaddset(&pipe, SIGPIPE)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &pipe)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var process = pid_t()
    let code = posix_spawn(&process, path, &actions, &attributes, argv, envp)
    return code == 0 ? .success(process) : .failure(code)
  }

  private enum SpawnResult {
    case success(pid_t)
    case failure(Int32)

    var code: Int32 {
      if case .failure(let code) = self { return code }
      return 0
    }
  }

  /// Waits for the process to end: its exit status, or 128 plus the signal that ended it.
  private static func wait(for process: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 {
      guard errno == EINTR else { return 128 }
    }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  private static let spawning = Mutex(())

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
