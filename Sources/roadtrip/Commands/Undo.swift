import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip undo [--force]`
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
        account for (a program wrote the file with the log's triggers dropped).
        """)

    @Flag(help: "Revert even when that overwrites a newer change.")
    var force = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      try database.revert(.undo, force: force)
    }
  }
}
