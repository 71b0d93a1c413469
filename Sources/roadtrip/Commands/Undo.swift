import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip undo [--force]`
  struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Revert the most recent command's changes, as one unit (an import counts as one).",
      discussion: """
        The most recent command of any process that is not undone yet; run it again to go further \
        back. The undo is recorded in the change log, and redo reapplies it. Prints what it changed \
        on standard error. It refuses, changing nothing, when that would overwrite a newer change \
        the log does not account for (another program wrote the field, or deleted the journey). \
        The log keeps no copy of the values of an added or imported journey, so undoing an add or \
        an import does not notice a field of it that only another program changed.
        """)

    @Flag(help: "Revert even when that overwrites a newer change.")
    var force = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      try database.revert(.undo, force: force)
    }
  }
}
