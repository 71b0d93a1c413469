import JourneyStore

/// Why a command failed, for the failures that are the command line's own rather than the
/// library's. `Failure` turns each into a message and an exit code.
enum CommandError: Error {
  /// The reader of standard output closed it (`| head`): normal, and silent.
  case outputClosed
  /// Standard output, or the file named by `destination`, could not be written, for `reason`
  /// (`strerror`).
  case cannotWriteOutput(destination: String, reason: String)
  /// Standard input could not be read, for `reason`.
  case cannotReadInput(reason: String)
  /// An input file could not be opened, for `reason`.
  case cannotOpenInput(path: String, reason: String)
  /// Malformed input: nothing of it was imported.
  case malformedInput(source: String, error: InterchangeError, hint: String? = nil)
  /// Whether the database file exists cannot be known, for `reason` (`strerror`): a folder on
  /// its path cannot be entered.
  case unreachableDatabase(path: String, reason: String)
  /// A command would write over the database in use (`database`) or a file SQLite keeps
  /// beside it: `destination` is one of them.
  case wouldOverwriteDatabase(destination: String, database: String)
  /// An export would replace `destination`, a SQLite database (of other journeys, or anybody's
  /// data), without `--force`.
  case wouldReplaceDatabase(destination: String)
  /// Opening the database file failed; `isCreating` when the file did not exist before.
  case openingDatabase(path: String, isCreating: Bool, underlying: any Error)
  /// The database refused a value the user gave (a CHECK constraint).
  case refusedValue(message: String)
  /// A destructive action (`action`, such as "delete 3 journeys") needs `--yes` when no terminal
  /// can ask.
  case confirmationRequired(action: String)
  /// A backup cannot be copied over the file at `path`: SQLite cannot read it as a database at
  /// all (`reason`).
  case cannotRestoreOver(path: String, reason: String)
  /// The user answered no; `outcome` says what did not happen.
  case declined(outcome: String)
  /// An environment variable has a value the command cannot use.
  case invalidEnvironment(name: String, value: String, expected: String)
  /// No database exists at the path, for a command that needs one.
  case noDatabase(path: String, action: String)
  /// The integrity check found damage.
  case damagedDatabase(path: String, problemCount: Int)
  /// `undo` or `redo` (the `action`) found nothing to revert; `hint` says why.
  case nothingToRevert(_ action: String, hint: String)
  /// The user interrupted the command (Ctrl-C in the interactive editor).
  case interrupted
  /// A usage error found while running, such as too many ids read from standard input.
  case usage(String)
  /// `count` journeys that roadtrip cannot read as they are were left out of what the command
  /// printed, each named on standard error as it was met (`UnreadableJourneys`); `export` is
  /// where an export went, whose output is then incomplete.
  case journeysLeftOut(count: Int, export: String?)
  /// A sync refused these files of the remote (each named with why); the rest of it completed.
  case refusedSyncFiles([String])
  /// A sync received, but could not write what it had to send (`reason`); the next sends it.
  case cannotSend(String)
  /// More than one thing went wrong (a sync refused files and could not send): each is said on
  /// a line of its own, in this order, and the last one's exit code is the command's.
  case several([any Error])
}
