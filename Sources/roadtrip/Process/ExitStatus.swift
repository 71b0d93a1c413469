/// The exit codes of the contract (CLI.md), named after the BSD `sysexits.h` values they reuse.
enum ExitStatus: Int32 {
  /// The command did what it was asked.
  case success = 0
  /// Any failure not listed below.
  case failure = 1
  /// Usage: unknown command or option, invalid value, unknown field, ambiguous id prefix.
  case usage = 64
  /// Bad data: malformed input, a file that is not a roadtrip database, a corrupt database, a
  /// newer schema.
  case dataError = 65
  /// No journey matches the id.
  case noInput = 66
  /// The database file or its folder cannot be created.
  case cannotCreate = 73
  /// Input or output failed: disk full, read-only file system, permission denied, standard output.
  case ioError = 74
  /// The database stayed locked past the busy timeout: safe to retry.
  case temporaryFailure = 75
  /// Interrupted (SIGINT).
  case interrupted = 130
}
