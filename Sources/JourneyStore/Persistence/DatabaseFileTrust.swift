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
  /// Checks the database file at `path` and the files beside it that exist.
  /// - Throws: `JourneyDatabaseError.notARegularFile` for a device, FIFO or folder at `path`;
  ///   `JourneyDatabaseError.untrustedFile` for a file of another user (root's files are
  ///   trusted) or one that others may write.
  static func check(_ path: String) throws(JourneyDatabaseError) {
    var info = stat()
    guard stat(path, &info) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
    for file in [path, path + "-wal", path + "-shm", path + "-journal"] {
      guard lstat(file, &info) == 0 else { continue }
      if file != path && info.st_mode & S_IFMT != S_IFREG {
        throw .untrustedFile(path: file, reason: "it is not a regular file; remove it")
      }
      if file == path { _ = stat(file, &info) }
      if info.st_uid != geteuid() && info.st_uid != 0 {
        throw .untrustedFile(
          path: file,
          reason: "it belongs to another user (uid \(info.st_uid)), who could read or change your journeys; "
            + "remove it (or ask its owner to), or keep the database in a folder only you can write to")
      }
      if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
        throw .untrustedFile(
          path: file,
          reason: "others may write to it (mode \(String(info.st_mode & 0o7777, radix: 8))); "
            + "make it private with chmod go-w,go-r and try again")
      }
    }
  }
}
