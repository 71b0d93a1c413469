import ArgumentParser
import JourneyStore

extension Roadtrip.Sync {
  /// `roadtrip sync conflicts [--restore N] [--format F]`
  struct Conflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "conflicts",
      abstract: "List the values syncs kept and lost when two databases changed the same field.",
      discussion: """
        Each conflict: its number, the journey, the field, the value kept on every database and \
        the value that lost (with the replica that wrote each and when), and whether it was \
        restored. A kept value of (deleted): the journey was deleted while another database edited \
        it. KEPT BY and LOST BY name the database that wrote each value, "this machine" \
        when it is this one. --restore N writes conflict N's lost value back as a new change (a deleted journey \
        comes back with it); the next sync sends it. JSON objects have the keys id, journey, \
        field, deleted (true or false), kept, keptReplica, keptAt, lost, lostReplica, lostAt, found \
        and restoredBy (a batch, or null); values as 'show --json' writes them (a duration in \
        seconds, a number), null where there is none; times in UTC, to the exact fraction of a \
        second. A conflict restored on another database is marked restored here when the sync \
        brings its restoring write.
        """)

    @Option(help: ArgumentHelp("Put conflict N's lost value back.", valueName: "N"))
    var restore: Int64?

    @OptionGroup var output: FormatOptions<ConflictFormat>
    @OptionGroup var database: DatabaseOptions

    func run() throws {
      if let restore {
        let conflict = try database.openExisting().restoreConflict(restore)
        StandardError.write(
          "restored conflict \(conflict.id): \(conflict.field.name) of \(conflict.journeyID.uuidString.lowercased()) "
            + "is \(conflict.lost?.description ?? "") again\n")
        return
      }
      let journeys = try database.openExisting()
      let conflicts = try journeys.syncConflicts()
      let (format, includesHeader) = output.resolved
      let standardOutput = BufferedOutput.standard
      let keys = [
        "id", "journey", "field", "deleted", "kept", "keptReplica", "keptAt", "lost", "lostReplica",
        "lostAt", "found", "restoredBy",
      ]
      if let interchange = format.interchangeFormat {
        var writer = RecordWriter(format: interchange, keys: keys, includesHeader: includesHeader) {
          try standardOutput.write($0)
        }
        for conflict in conflicts {
          // JSON's own types: a boolean, numbers, null for no value; times as `show` gives them.
          try writer.write([
            .number(String(conflict.id)), .string(conflict.journeyID.uuidString.lowercased()),
            .string(conflict.field.name), .bool(conflict.kept == nil),
            conflict.kept.map(InterchangeValue.init) ?? .null, .string(conflict.keptReplica),
            .string(conflict.keptDate.iso8601), conflict.lost.map(InterchangeValue.init) ?? .null,
            .string(conflict.lostReplica), .string(conflict.lostDate.iso8601),
            .string(conflict.found.iso8601), conflict.restoredBy.map { .number(String($0)) } ?? .null,
          ])
        }
        try writer.finish()
      } else {
        var table = TextTable(headings: [
          "N", "JOURNEY", "FIELD", "KEPT", "KEPT BY", "LOST", "LOST BY", "RESTORED",
        ])
        // This database's own replica is named as such: a replica id means nothing to a person.
        let ownReplica = conflicts.isEmpty ? nil : try journeys.syncStatus().replica
        func shown(_ replica: String) -> String {
          replica == ownReplica ? "this machine" : String(replica.prefix(8))
        }
        for conflict in conflicts {
          table.append([
            String(conflict.id), String(conflict.journeyID.uuidString.lowercased().prefix(8)),
            conflict.field.name,
            conflict.kept?.description ?? "(deleted)", shown(conflict.keptReplica), conflict.lost?.description ?? "",
            shown(conflict.lostReplica), conflict.restoredBy.map { "batch \($0)" } ?? "",
          ])
        }
        try standardOutput.write(
          table.render(style: Style.standardOutput, includesHeader: includesHeader))
      }
    }
  }
}
