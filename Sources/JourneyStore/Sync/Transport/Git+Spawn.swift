import Glibc
import Synchronization

/// Starting git and collecting what it prints, with the C library's calls.
extension Git {
  /// Starts git with standard input from `/dev/null` and standard output and error into the
  /// given descriptors, in this process group, with no signal blocked.
  func spawn(
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

  /// A started process, or `posix_spawn`'s error number.
  enum SpawnResult {
    case success(pid_t)
    case failure(Int32)

    var code: Int32 {
      if case .failure(let code) = self { return code }
      return 0
    }
  }

  /// Waits for the process to end: its exit status, or 128 plus the signal that ended it.
  static func wait(for process: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 {
      guard errno == EINTR else { return 128 }
    }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  /// Held while pipes are made and git started (`run`).
  static let spawning = Mutex(())

  /// Reads every descriptor until its end, all at once, so that a full pipe never stops the
  /// program writing to it.
  /// - Parameter shouldStop: Asked every 100 ms, when given.
  /// - Returns: What was read, or `nil` when `shouldStop` said yes before the ends.
  static func readToEnd(
    _ descriptors: [Int32], stoppingWhen shouldStop: (() -> Bool)? = nil
  ) -> [[UInt8]]? {
    var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    var bytes = [[UInt8]](repeating: [], count: descriptors.count)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let timeout: Int32 = shouldStop == nil ? -1 : 100
    while polled.contains(where: { $0.fd >= 0 }) {
      if shouldStop?() == true { return nil }
      guard poll(&polled, nfds_t(polled.count), timeout) >= 0 || errno == EINTR else { break }
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
