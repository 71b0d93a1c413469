import Glibc
import JourneyStore
import Observation

/// A full-screen program on the terminal (`roadtrip edit`, `roadtrip browse`): it takes over the
/// terminal, draws its frame whenever observation says that something the frame showed changed,
/// and waits with `poll` for keys, for writes to the database file by other processes, and for
/// signals. Conforming types say what a frame is and what keys and outside changes do; the loop
/// is this protocol's.
protocol InteractiveSession: AnyObject {
  /// The database the session edits: its writes are waited for before the command ends.
  var database: JourneyDatabase { get }
  /// Wakes the loop when the database file is written.
  var monitor: DatabaseMonitor { get }
  var decoder: KeyDecoder { get set }
  /// How long to wait before the next look at the file: briefly after a write (a commit becomes
  /// visible a moment after its last write), at most a quarter of a second.
  var schedule: WakeSchedule { get set }
  var redraw: RedrawRequest { get }
  /// Set by Ctrl-Z or SIGTSTP: the loop suspends the program before it waits again.
  var isSuspending: Bool { get set }
  /// The whole screen, line by line, no more lines than rows and no line wider than the screen.
  var frame: [String] { get }
  /// Acts on keys, in order.
  /// - Returns: How the session ends, or `nil` to go on.
  func handle(_ keys: [Key]) -> SessionOutcome?
  /// Takes in what other processes committed (`JourneyDatabase.refresh()`).
  func takeOutsideChanges()
  /// Follows a new size of the terminal.
  func resize(to size: TerminalSize)
  /// Writes what is typed and not saved yet (a name, a value), before the session suspends or
  /// ends, whichever way: nothing typed is lost.
  func settle()
}

extension InteractiveSession {
  /// Runs the program until the user quits or a signal ends it, restores the terminal, writes
  /// what was being typed (`settle()`), and ends the command as the session ended once the edits
  /// are saved (`SessionOutcome.finish`), also when the terminal went away.
  /// - Throws: `CommandError` when the terminal cannot be used, read or written;
  ///   `CommandError.interrupted` for Ctrl-C; an edit refused at the end.
  func run() throws {
    let outcome = Result { try runOnTerminal() }
    settle()
    try SessionOutcome.finish(outcome, savingEditsOf: database)
  }

  /// Runs the program until the user quits or a signal ends it, and restores the terminal on
  /// every way out, errors and crashes included (`CrashGuard`).
  /// - Throws: `CommandError` when the terminal cannot be used, read or written.
  private func runOnTerminal() throws -> SessionOutcome {
    CrashGuard.install()
    let signals = try SignalPipe(catching: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGWINCH])
    let terminal = try Terminal()
    defer {
      terminal.restore()
      withExtendedLifetime(signals) {}
    }
    resize(to: terminal.size)
    while true {
      if redraw.take() { try draw(on: terminal) }
      if let outcome = try waitAndHandle(terminal: terminal, signals: signals) { return outcome }
      if isSuspending { try suspend(terminal: terminal, signals: signals) }
    }
  }

  /// Writes what is being typed, gives the terminal back and stops, as Ctrl-Z does to any
  /// program; once continued, takes the terminal again and draws the whole screen at its current
  /// size.
  private func suspend(terminal: Terminal, signals: SignalPipe) throws {
    isSuspending = false
    settle()
    terminal.restore()
    signals.raiseWithDefaultAction(SIGTSTP)
    try terminal.takeOver()
    resize(to: terminal.size)
    redraw.request()
  }

  /// Draws the frame, and observes what the drawing read, so that the next change to any of it
  /// asks for a new frame.
  private func draw(on terminal: Terminal) throws {
    let frame = withObservationTracking { self.frame } onChange: { [redraw] in redraw.request() }
    try terminal.draw(frame)
  }
}
