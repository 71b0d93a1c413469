#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a database file, and the files SQLite keeps beside it, may be used: as ssh and gpg
/// refuse a key file that someone else could have written, a database file, `-wal`, `-shm` or
/// `-journal` that belongs to another user, or that others may write, is refused. In a folder
/// that others may write to (a shared `/tmp`), another user could otherwise create the `-wal`
/// before the owner's first write, and read or change every journey written to it.
enum DatabaseFileTrust {
  /// Checks the database file at `path`, if it exists, and the files beside it that exist.
  /// - Throws: `JourneyDatabaseError.notARegularFile` for a device, FIFO or folder at `path`;
  ///   `JourneyDatabaseError.untrustedFile` for a file of another user (root's files are
  ///   trusted) or one that others may write, or something other than a file beside it.
  static func check(_ path: String) throws(JourneyDatabaseError) {
    var info = stat()
    if stat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
      try checkOwnerAndMode(of: path, info)
    }
    for file in [path + "-wal", path + "-shm", path + "-journal"] where lstat(file, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw .untrustedFile(path: file, reason: "it is not a regular file; remove it")
      }
      try checkOwnerAndMode(of: file, info)
    }
  }

  private static func checkOwnerAndMode(of file: String, _ info: stat) throws(JourneyDatabaseError) {
    if info.st_uid != geteuid() && info.st_uid != 0 {
      throw .untrustedFile(
        path: file,
        reason: "it belongs to another user (uid \(info.st_uid)), who could read or change your journeys; "
          + "remove it (or ask its owner to), or keep the database in a folder only you can write to")
    }
    if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
      let mode = String(info.st_mode & 0o7777, radix: 8)
      throw .untrustedFile(
        path: file,
        reason: "others may write to it (mode \(mode.count < 4 ? "0" + mode : mode)); make it yours alone with "
          + "'chmod go-w \(file)' and try again")
    }
  }
}
