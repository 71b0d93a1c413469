import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip redo [--force]`
  struct Redo: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "redo",
      abstract: "Reapply the changes of the most recent undo, as one unit.",
      discussion: """
        Available until a command makes new changes. The redo is recorded in the change log, and \
        undo reverts it again. Prints what it changed on standard error.
        """)

    @Flag(help: "Reapply even when that overwrites a newer change.")
    var force = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      try database.revert(.redo, force: force)
    }
  }
}
