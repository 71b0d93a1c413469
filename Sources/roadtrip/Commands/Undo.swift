import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip undo [--force] [--yes]`
  struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "undo",
      abstract: "Revert the most recent command's changes, as one unit (an import counts as one).",
      discussion: """
        The most recent command of any process that is not undone yet, or the most recent statement \
        another program (the sqlite3 shell, a script) committed, which the log records too; run it \
        again to go further back, as far as 'roadtrip history prune' kept the log. The undo is \
        recorded in the change log, and redo reapplies it. Prints what it changed on standard \
        error. It refuses, changing nothing, when that would overwrite a change the log does not \
        account for (a program wrote the file with the log's triggers dropped). An undo that \
        changes more than one journey (an import, a sync that brought many) says what it would \
        revert and asks first on the terminal; elsewhere it needs --yes.
        """)

    @Flag(help: "Revert even when that overwrites a newer change.")
    var force = false

    @Flag(name: .shortAndLong, help: "Revert changes of more than one journey without asking.")
    var yes = false

    @Flag(help: "Also print what changed as one JSON object on standard output.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors (for scripts and timers).")
    var quiet = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      try database.revert(.undo, force: force, yes: yes, json: json, quiet: quiet)
    }
  }
}
