import Foundation

/// The built `roadtrip` running on a pseudo-terminal of its own, as a person would run it: the
/// test types keys, reads the screen (the text of the last frame drawn, escape sequences
/// removed) and waits for the process to end. Every wait has a deadline; a process still
/// running when the test lets go of it is killed.
final class EditorProcess {
  let terminal: PseudoTerminal
  /// The terminal's settings before the process started: what it must leave behind.
  let initialSettings: TerminalSettings
  let pid: pid_t
  /// Everything the process wrote to the terminal.
  private(set) var output: [UInt8] = []
  /// The exit code once the process ended (128 + the signal number when a signal ended it).
  private(set) var exitCode: Int32?

  /// Starts `roadtrip ARGUMENTS` in a new session whose controlling terminal is a new
  /// pseudo-terminal, on standard input, output and error.
  init(_ arguments: [String], environment: [String: String], columns: Int = 100, rows: Int = 30) throws {
    terminal = try PseudoTerminal(columns: columns, rows: rows)
    initialSettings = terminal.settings
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid(), without O_NOCTTY: the terminal becomes the controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, terminal.slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t(), mask = sigset_t()
    sigemptyset(&mask)
    sigemptyset(&defaults)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH, SIGQUIT] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(Self.setSessionFlag | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = ([RoadtripBinary.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let failure = posix_spawn(&pid, RoadtripBinary.path, &actions, &attributes, argv, envp)
    guard failure == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
    self.pid = pid
  }

  deinit {
    if exitCode == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
  }

  /// glibc's `POSIX_SPAWN_SETSID`, which Swift does not import (it needs `_GNU_SOURCE`).
  private static let setSessionFlag: Int32 = 0x80
}

extension EditorProcess {
  /// The text of the last frame drawn (what follows the last cursor-home sequence), without
  /// escape sequences.
  var screen: String {
    let text = String(decoding: output, as: UTF8.self)
    let frame = text.components(separatedBy: "\u{1B}[H").last ?? text
    return Self.strippingEscapes(frame)
  }

  /// How many frames the editor drew so far.
  var frameCount: Int {
    String(decoding: output, as: UTF8.self).components(separatedBy: "\u{1B}[H").count - 1
  }

  /// Everything written so far, as text with escape sequences.
  var rawOutput: String {
    String(decoding: output, as: UTF8.self)
  }

  /// Types keys at the terminal.
  func type(_ keys: String) {
    terminal.type(keys)
  }

  /// Reads what the process wrote, and notes whether it ended, without blocking.
  func update() {
    output += terminal.readAvailable()
    guard exitCode == nil else { return }
    var status: Int32 = 0
    if waitpid(pid, &status, WNOHANG) == pid {
      output += terminal.readAvailable()
      exitCode = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
  }

  /// Waits until the screen satisfies `condition`, for at most `timeout`.
  /// - Returns: The screen then.
  /// - Throws: `EditorProcessError.timedOut` with the screen as it was, when time runs out.
  @discardableResult
  func waitForScreen(
    timeout: Duration = .seconds(15), _ what: String, _ condition: (String) -> Bool
  ) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while true {
      update()
      if condition(screen) { return screen }
      guard ContinuousClock.now < deadline else {
        throw EditorProcessError.timedOut(waitingFor: what, screen: screen, exitCode: exitCode)
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Waits until the screen shows `text`.
  @discardableResult
  func waitForScreen(showing text: String, timeout: Duration = .seconds(15)) async throws -> String {
    try await waitForScreen(timeout: timeout, "'\(text)'") { $0.contains(text) }
  }

  /// Waits for the process to end, for at most `timeout`, then kills it.
  /// - Returns: Its exit code.
  func waitForExit(timeout: Duration = .seconds(15)) async throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    while true {
      update()
      if let exitCode { return exitCode }
      guard ContinuousClock.now < deadline else {
        kill(pid, SIGKILL)
        throw EditorProcessError.timedOut(waitingFor: "the end of the process", screen: screen, exitCode: nil)
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Reads for `duration` and returns how many frames were drawn meanwhile.
  func framesDrawn(during duration: Duration) async throws -> Int {
    update()
    let before = frameCount
    try await Task.sleep(for: duration)
    update()
    return frameCount - before
  }

  /// Text without its escape sequences: `ESC [ … letter`, `ESC ] … BEL` is not used here.
  static func strippingEscapes(_ text: String) -> String {
    var result = ""
    var isInSequence = false
    for scalar in text.unicodeScalars {
      if scalar == "\u{1B}" {
        isInSequence = true
      } else if isInSequence {
        if scalar.properties.isAlphabetic && scalar != "[" { isInSequence = false }
      } else if scalar != "\r" {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// Why a wait for an editor process failed.
enum EditorProcessError: Error, CustomStringConvertible {
  case timedOut(waitingFor: String, screen: String, exitCode: Int32?)

  var description: String {
    switch self {
    case .timedOut(let what, let screen, let exitCode):
      "timed out waiting for \(what); exit code \(exitCode.map(String.init) ?? "none yet"); screen:\n\(screen)"
    }
  }
}
