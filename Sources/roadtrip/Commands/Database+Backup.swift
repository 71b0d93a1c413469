import ArgumentParser
import JourneyStore

extension Roadtrip.Database {
  /// `roadtrip db backup FILE`
  struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "backup",
      abstract: "Write a consistent copy of the database to a new file while others keep working.",
      discussion: "The copy is private to you (mode 0600); FILE must not exist yet.")

    @Argument(help: ArgumentHelp("Where to write the copy.", valueName: "file"), completion: .file())
    var file: String

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      try database.refuseOverwritingDatabase(with: file)
      guard try database.databaseExists() else {
        throw CommandError.noDatabase(path: try database.resolvedPath(), action: "nothing to back up")
      }
      try database.openExisting().backup(to: file)
    }
  }
}
