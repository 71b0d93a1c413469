import ArgumentParser
import FoundationEssentials
import JourneyStore

extension Roadtrip {
  /// `roadtrip delete ID... [--yes]`
  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
      abstract: "Delete journeys, all in one transaction.",
      usage: "roadtrip delete ID... [--yes] [--json] [--db <path>]",
      discussion: """
        Deleting more than one journey lists them and asks first on the terminal (also when the ids come \
        from a pipe); elsewhere it needs --yes. --json prints the deleted journeys as they were, \
        as show --json does: an object for one id, an array for several or -.
        """,
      aliases: ["rm"])

    @Argument(
      help: ArgumentHelp(
        "The journeys: ids, prefixes of at least 4 hex digits, or - to read ids from standard input.",
        valueName: "ID"),
      completion: JourneyCompletion.ids)
    var ids: [String] = []

    @Flag(name: .shortAndLong, help: "Delete more than one journey without asking.")
    var yes = false

    @Flag(help: "Print the deleted journeys as JSON: an object for one id, an array for several or -.")
    var json = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      try JourneyIDs(arguments: ids).validate()
    }

    func run() throws {
      let database = try self.database.openExisting()
      let names = JourneyIDs(arguments: ids)
      let resolved = try names.resolve(in: database)
      if resolved.count > 1 && !yes {
        try Confirmation(
          action: "delete \(resolved.count) journeys", outcomeIfDeclined: "nothing was deleted",
          details: try details(of: resolved, in: database)
        ).ask()
      }
      guard json else { return try database.delete(ids: resolved) }
      try database.delete(ids: resolved) { journeys in
        // Reported before the commit: output that cannot be written deletes nothing.
        try names.printJSON(journeys)
        try BufferedOutput.standard.flushBeforeCommit()
      }
    }

    /// The journeys to delete, one a line (the first `shownCount`).
    private func details(of ids: [UUID], in database: JourneyDatabase) throws -> String {
      var text = ""
      for id in ids.prefix(Self.shownCount) {
        guard let journey = try database.journey(id: id) else { continue }
        text += "  " + String(id.uuidString.lowercased().prefix(8)) + "  " + journey.startDate.localText + "  "
          + journey.transportationType.rawValue + "  " + journey.name.escapingControlCharacters + "\n"
      }
      if ids.count > Self.shownCount {
        text += "  … and \(ids.count - Self.shownCount) more\n"
      }
      return text
    }

    /// How many of the journeys to delete the question lists.
    private static let shownCount = 10
  }
}
