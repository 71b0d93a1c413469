import ArgumentParser
import JourneyStore

extension Roadtrip.Database {
  /// `roadtrip db migrate`
  struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "migrate",
      abstract: "Upgrade the database to the schema this roadtrip writes.",
      discussion: """
        Reading never upgrades a file: a database of an older roadtrip (a backup, say) is read as \
        it is, and upgraded by the first command that writes to it, or by this one. The upgrade \
        is one transaction; an older roadtrip cannot open the file afterwards. Says on standard \
        error which version the file had; a current database is left as it is.
        """)

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      let path = try database.resolvedPath()
      guard try database.databaseExists() else {
        throw CommandError.noDatabase(path: path, action: "nothing to upgrade")
      }
      // The upgrade itself is announced by the configuration (`DatabaseOptions`).
      guard try database.openCreatingIfMissing().upgradeSchema() == nil else { return }
      StandardError.write("\(path) already has schema version \(JourneyDatabase.currentSchemaVersion); nothing to upgrade.\n")
    }
  }
}
