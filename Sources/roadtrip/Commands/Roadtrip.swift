import ArgumentParser

/// The `roadtrip` command: edits a journey database from the shell and in pipelines.
@main
struct Roadtrip: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "roadtrip",
    abstract: "Edit a database of journeys from the shell and in pipelines.",
    discussion: """
      The database is --db PATH, else $ROADTRIP_DB, else $XDG_DATA_HOME/roadtrip/journeys.sqlite \
      (~/.local/share/roadtrip/journeys.sqlite when XDG_DATA_HOME is unset). A command that finds \
      it locked waits up to $ROADTRIP_BUSY_TIMEOUT milliseconds (default 5000).

      Wherever a command takes ID: the full id, or a unique prefix of at least 4 hex digits; - \
      reads ids from standard input, one per line.

      Exit codes: 0 success, 1 other failure, 64 usage, 65 bad data or database, 66 no such \
      journey, 73 cannot create the database, 74 I/O error, 75 database locked (retry), \
      130 interrupted.
      """,
    version: Roadtrip.version,
    subcommands: [
      Add.self, List.self, Show.self, SetFields.self, Transport.self, Delete.self, Types.self,
      Import.self, Export.self, Summary.self, History.self, Undo.self, Redo.self, Watch.self, Sync.self, Database.self, Edit.self, Browse.self,
      Config.self,
      GenerateManual.self,
    ])

  /// `--db`, also accepted before the command's name: `roadtrip --db PATH list`.
  @OptionGroup var database: DatabaseOptions

  /// With no command: `browse` on a terminal, the help elsewhere.
  func run() throws {
    guard Browse.hasTerminal else { throw CleanExit.helpRequest(self) }
    try Browse.browse(database)
  }

  /// Errors read `roadtrip: error: …`, as git's do.
  static var _errorPrefix: String { Failure.errorPrefix }
}
