import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip redo [--force] [--yes]`
  struct Redo: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "redo",
      abstract: "Reapply the changes of the most recent undo, as one unit.",
      discussion: """
        Available until a command makes new changes. The redo is recorded in the change log, and \
        undo reverts it again. Prints what it changed on standard error. A redo that changes \
        more than one journey asks first on the terminal; elsewhere it needs --yes.
        """)

    @Flag(help: "Reapply even when that overwrites a newer change.")
    var force = false

    @Flag(name: .shortAndLong, help: "Reapply changes of more than one journey without asking.")
    var yes = false

    @Flag(help: "Also print what changed as one JSON object on standard output.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors (for scripts and timers).")
    var quiet = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      try database.revert(.redo, force: force, yes: yes, json: json, quiet: quiet)
    }
  }
}
