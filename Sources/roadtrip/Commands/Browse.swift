import ArgumentParser
import Glibc
import JourneyStore

extension Roadtrip {
  /// `roadtrip browse`: the original app on a terminal, the list of journeys, the card of the
  /// selected one and the editor, in one full-screen program.
  struct Browse: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "browse",
      abstract: "Browse, edit, add and delete journeys on a full-screen terminal.",
      discussion: """
        The list of journeys with the selected journey's card beside it (or below it on a narrow \
        terminal). Changes that other processes commit appear as they are committed. Every \
        change is saved at once (a name once it is left); u undoes the last command of any \
        process. A database that does not exist yet is made by the first journey added, not \
        before; one that another process makes meanwhile appears. Also what roadtrip with no \
        arguments runs on a terminal.

        Keys:
          up, down (or j, k)     move the selection; PgUp, PgDn a screen; Home, End
          Enter                  edit the journey: its name, type, start, end and duration
                                 (as roadtrip edit does: Enter on a control types its value)
          Esc, q                 back to the list from the editor (q is a letter in a name)
          a                      add a journey (type its name, then Enter)
          d                      delete the selected journey (after Sure?)
          /                      search names as you type; Esc clears the search
          s                      sort by start, name, type or duration
          t                      show one type, the next at each press
          u, U (or Ctrl-R)       undo, redo; a name is saved when it is left, so one undo
                                 takes a whole rename back
          ?                      show every key
          q                      quit
          Ctrl-C                 quit with exit code 130 (what was typed is saved)
          Ctrl-Z                 suspend (the shell's fg resumes)

        Needs a terminal on standard input and output: in scripts, use list.
        """)

    @OptionGroup var colors: ColorOptions
    @OptionGroup var database: DatabaseOptions

    func run() throws {
      try Self.browse(database)
    }

    /// Whether standard input and output are both a terminal.
    static var hasTerminal: Bool {
      isatty(STDIN_FILENO) == 1 && BufferedOutput.standard.isTerminal
    }

    /// Runs the browser on the database the options name. A database that does not exist is
    /// made by the first write, as `add` makes it, and not before: quitting at once leaves no
    /// file and no folder.
    /// - Throws: `CommandError.usage` without a terminal, `CommandError.interrupted` on Ctrl-C.
    static func browse(_ options: DatabaseOptions) throws {
      guard hasTerminal else {
        throw CommandError.usage("browse needs a terminal on standard input and output; in scripts, use 'roadtrip list'")
      }
      let database = try options.openExisting()
      let style = Style(isTerminal: true)
      let session = BrowseSession(options: options, database: database, style: style)
      try session.run()
    }
  }
}

extension Roadtrip.Browse: ColoredCommand {}
