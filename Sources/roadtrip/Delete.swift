import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip delete ID... [--yes]`
  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete journeys, all in one transaction.",
      usage: "roadtrip delete ID... [--yes] [--db <path>]",
      discussion: """
        Deleting more than one journey asks first on a terminal; elsewhere it needs --yes.
        """,
      aliases: ["rm"])

    @Argument(
      help: ArgumentHelp(
        "The journeys: ids, prefixes of at least 4 hex digits, or - to read ids from standard input.",
        valueName: "ID"))
    var ids: [String] = []

    @Flag(name: .shortAndLong, help: "Delete more than one journey without asking.")
    var yes = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      try JourneyIDs(arguments: ids).validate()
    }

    func run() throws {
      let database = try self.database.openExisting()
      let resolved = try JourneyIDs(arguments: ids).resolve(in: database)
      if resolved.count > 1 && !yes {
        guard StandardInput.isTerminal && StandardError.isTerminal else {
          throw CommandError.confirmationRequired(count: resolved.count)
        }
        StandardError.write("Delete \(resolved.count) journeys? [y/N] ")
        let answer = StandardInput.readLine()?.lowercased() ?? ""
        guard answer == "y" || answer == "yes" else {
          throw CommandError.declined(outcome: "nothing was deleted")
        }
      }
      try database.delete(ids: resolved)
    }
  }
}
