extension DatabaseOptions {
  /// Refuses to let a command write `destination` when it is the database in use or a file
  /// SQLite keeps beside it (`-wal`, `-shm`, `-journal`), compared by what the names lead to
  /// (device and inode, through symbolic links and other names), and by name in the folder for
  /// such a file that does not exist yet.
  /// - Throws: `CommandError.wouldOverwriteDatabase`.
  func refuseOverwritingDatabase(with destination: String) throws {
    let database = try resolvedPath()
    guard let identity = FileIdentity(path: destination) else { return }
    for base in Set([database, FileIdentity.followingLinks(database)]) {
      for suffix in ["", "-wal", "-shm", "-journal"] where FileIdentity(path: base + suffix) == identity {
        throw CommandError.wouldOverwriteDatabase(destination: destination, database: database)
      }
    }
  }
}
