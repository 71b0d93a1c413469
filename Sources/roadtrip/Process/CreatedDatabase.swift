import Glibc

/// The database file this command made, said on standard error once the command ends
/// (`roadtrip: created PATH`): a first write to a mistyped path (`--db journeys.sqllite`) makes
/// a new, empty database, and a user must notice. Said only when the command succeeded (a
/// failed one says what failed); a quiet command (`-q`) says nothing.
enum CreatedDatabase {
  /// The path of the file made, as the command named it.
  nonisolated(unsafe) private static var path: String?
  /// Whether the command was told to be quiet.
  nonisolated(unsafe) static var isQuiet = false

  /// Notes that the command is about to make the database file at `path`.
  static func willCreate(_ path: String) {
    self.path = path
  }

  /// Says that the file was made, when it is there.
  static func report() {
    guard let path, !isQuiet, access(path, F_OK) == 0 else { return }
    StandardError.write("roadtrip: created \(path.escapingControlCharacters)\n")
  }
}
