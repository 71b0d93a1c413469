import ArgumentParser
import JourneyStore

extension Roadtrip.Database {
  /// `roadtrip db check`
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract: "Check the database for damage and report its schema version, changing nothing.",
      discussion: "Exits with 65 when the check finds damage, and with 1 when there is no database to check.")

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      let path = try database.resolvedPath()
      // Unlike a listing, which prints an empty result, a check of nothing must not say "sound"
      // to a script (`roadtrip db check && …`): it fails as vacuum does.
      guard try database.databaseExists() else {
        throw CommandError.noDatabase(path: path, action: "nothing to check")
      }
      let report = try database.openExisting().checkIntegrity()
      var text = "path: \(path)\n"
      text += "schema version: \(report.schemaVersion)"
      text += report.schemaVersion == report.currentSchemaVersion
        ? " (current)\n"
        : " (this roadtrip writes \(report.currentSchemaVersion); 'roadtrip db migrate' upgrades it)\n"
      text += "integrity: " + (report.isSound ? "ok" : "\(report.problems.count) problem\(report.problems.count == 1 ? "" : "s")") + "\n"
      text += report.problems.map { "  " + $0 + "\n" }.joined()
      text += "journeys: \(report.journeyCount)\n"
      text += "changes logged: \(report.batchCount) batch\(report.batchCount == 1 ? "" : "es")\n"
      try BufferedOutput.standard.write(text)
      guard report.isSound else {
        throw CommandError.damagedDatabase(path: path, problemCount: report.problems.count)
      }
    }
  }
}
