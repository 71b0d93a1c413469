import ArgumentParser
import JourneyStore

extension Roadtrip.Database {
  /// `roadtrip db restore FILE [--yes]`
  struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "restore",
      abstract: "Replace the database with a backup, safely while others use it.",
      discussion: """
        FILE must be a sound roadtrip database, such as one db backup wrote; it is checked first \
        and left as it is. Its journeys and change log replace the database's in one transaction \
        taken through SQLite, so that other processes wait for it and then see the backup; a \
        leftover -wal beside the database does no harm. A damaged roadtrip database is \
        overwritten, a missing or empty one created; a SQLite database that is not roadtrip's is \
        refused (exit 65) and left as it is. Asks first on a terminal, naming the journeys and \
        history it replaces; elsewhere it needs --yes.
        """)

    @Argument(help: ArgumentHelp("The backup to restore.", valueName: "file"), completion: .file())
    var file: String

    @Flag(name: .shortAndLong, help: "Replace the database without asking.")
    var yes = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      let path = try database.resolvedPath()
      if let backup = FileIdentity(path: file), backup == FileIdentity(path: path) {
        throw CommandError.usage("\(file) is the database in use; name a backup to restore into it")
      }
      let contents: JourneyDatabase.BackupContents
      do {
        contents = try JourneyDatabase.inspectBackup(at: file)
      } catch let error as SQLiteError {
        throw JourneyDatabaseError.unusableBackup(path: file, reason: error.message)
      }
      let target = try database.inspectRestoreTarget()
      let journeys = String(counting: contents.journeyCount, "journey")
      if !yes {
        try Confirmation(
          action: "\(target.replacement(of: path)) with the \(journeys) of \(file)",
          outcomeIfDeclined: "nothing was restored"
        ).ask()
      }
      try database.restore(from: file)
      StandardError.write("Restored \(journeys) from \(file) into \(path).\n")
    }
  }
}
