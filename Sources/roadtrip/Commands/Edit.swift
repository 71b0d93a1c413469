import ArgumentParser
import Glibc
import JourneyStore

extension Roadtrip {
  /// `roadtrip edit ID`: the original app's `JourneyEditor`, on a terminal.
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: "Edit a journey interactively on a terminal.",
      discussion: """
        Shows the journey's name above the journey, a transportation type picker, a start date \
        picker, its end and a duration slider. Every change is saved at once, as one change of the history; a \
        change the database refuses (it is locked by another process past \
        $ROADTRIP_BUSY_TIMEOUT, or the value is invalid) snaps back and the reason appears under \
        the controls. Changes that other processes make appear as they are committed.

        Keys:
          up, down (or Tab, Shift-Tab)   choose a control; above the first and below
                                         the last, the name: type it, and it is saved
                                         once when the field is left (Enter, Tab, up,
                                         down, Esc, which then quits)
          left, right (or -, +)          change its value: the previous or next type,
                                         the start 15 minutes earlier or later, the
                                         end or the duration 5 minutes earlier or
                                         shorter, later or longer (not below zero)
          Enter                          type the value instead, as set reads it:
                                         bike; tomorrow 9am, +1d; 18:00, +30m (the
                                         end); 45m, 1h30m, 1:30:00 (the duration);
                                         Enter saves it, Esc leaves it as it was
          q                              quit (after the value typed, if any)
          Ctrl-C                         quit with exit code 130
          Ctrl-Z                         suspend (the shell's fg resumes)

        Needs a terminal on standard input and output: in scripts, use set or transport.
        """)

    @Argument(help: "The journey: its id, or a unique prefix of at least 4 hex digits.", completion: JourneyCompletion.ids)
    var id: String

    @OptionGroup var colors: ColorOptions
    @OptionGroup var database: DatabaseOptions

    func run() throws {
      guard isatty(STDIN_FILENO) == 1, BufferedOutput.standard.isTerminal else {
        throw CommandError.usage(
          "edit needs a terminal on standard input and output; in scripts, use 'roadtrip set' or 'roadtrip transport'")
      }
      let database = try self.database.openExisting()
      let journey = try database.journey(matching: id)
      let session = EditorSession(database: database, journey: journey, style: Style(isTerminal: true))
      try session.run()
    }
  }
}

extension Roadtrip.Edit: ColoredCommand {}
