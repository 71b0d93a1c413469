import Glibc

/// Long output for people goes through a pager on a terminal, as git does: `$PAGER`, else
/// `less -FRX` (which prints a short text as it is and quits, keeps colour, and leaves the
/// screen as it was). `PAGER=` (empty) or `PAGER=cat` turns it off; piped output never goes
/// through it.
enum Pager {
  /// The pager's process, while it runs. The process has one thread.
  nonisolated(unsafe) private static var process: pid_t?
}

extension Pager {
  /// Starts the pager and points standard output at it, when standard output is a terminal.
  /// Decide everything that depends on standard output being a terminal (style, width) first.
  /// SIGINT and SIGQUIT are left to the pager while it runs (`q` quits it, and then roadtrip,
  /// whose next write finds the pipe closed), so that it never outlives roadtrip.
  /// The corresponding C functions are `pipe`, `posix_spawn` and `dup2`.
  /// - Parameter line: The line to open at (from 1), when the pager is `less`: `+N` starts it
  ///   there, and a number past the last line opens at the end (`+G`).
  static func start(openingAt line: Int? = nil) {
    guard process == nil, BufferedOutput.standard.isTerminal, var command else { return }
    if let line, line > 1, command.split(separator: " ").first?.split(separator: "/").last == "less" {
      command += line == Int.max ? " +G" : " +\(line)"
    }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
    posix_spawn_file_actions_addclose(&actions, ends[0])
    posix_spawn_file_actions_addclose(&actions, ends[1])
    var pid: pid_t = 0
    let words: [String] = ["/bin/sh", "-c", command]
    var arguments: [UnsafeMutablePointer<CChar>?] = words.map { word in strdup(word) }
    arguments.append(nil)
    defer { arguments.forEach { free($0) } }
    let result = posix_spawn(&pid, "/bin/sh", &actions, nil, arguments, environ)
    close(ends[0])
    guard result == 0 else {
      close(ends[1])
      return
    }
    try? BufferedOutput.standard.flush()
    dup2(ends[1], STDOUT_FILENO)
    close(ends[1])
    signal(SIGINT, SIG_IGN)
    signal(SIGQUIT, SIG_IGN)
    process = pid
  }

  /// Hands the pager the end of the output and waits for the person to quit it.
  static func finish() {
    guard let pid = process else { return }
    try? BufferedOutput.standard.flush()
    close(STDOUT_FILENO)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    process = nil
  }

  /// The pager's command line, or `nil` when paging is off.
  private static var command: String? {
    // The configured pager (`core.pager`) wins over `$PAGER`, as git's does.
    let configured = Configuration.value(.pager)
    guard configured != nil || getenv("PAGER") != nil else { return "less -FRX" }
    let text = (configured ?? String(cString: getenv("PAGER"))).trimmingSpaces
    return text.isEmpty || text == "cat" ? nil : text
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}
