#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a replica reads of its own folder (`replicas/<replica>/`) beyond its change files: a
/// file-sync engine's conflict copies, and the sizes and times of the files, which tell a file
/// cut short, or written over, without reading it.
extension RemoteFolder {
  /// A change file's conflict copy, as a file-sync engine names it when two machines wrote the
  /// same name (a copied database): the path inside the remote and the seq of the name it took.
  struct ConflictCopy: Equatable {
    let name: String
    let seq: Int64
  }

  /// The conflict copies of `replica`'s change files, by name: Syncthing's
  /// `000000042.sync-conflict-20261128-101500-ABCDEFG.rtc` and Dropbox's
  /// `000000042 (Laptop's conflicted copy 2026-11-28).rtc`: the 9 digits of the name the copy
  /// was written under, and the engine's words before `.rtc`.
  func conflictCopies(of replica: String) throws -> [ConflictCopy] {
    let folder = "replicas/" + replica + "/"
    return (try names(in: path + "/" + folder) ?? []).compactMap { name in
      Self.seq(ofConflictCopyNamed: name).map { ConflictCopy(name: folder + name, seq: $0) }
    }.sorted { ($0.seq, $0.name) < ($1.seq, $1.name) }
  }

  /// The seq of the change file a conflict copy's name says it was, or `nil` for any other name.
  static func seq(ofConflictCopyNamed name: String) -> Int64? {
    let bytes = Array(name.utf8)
    guard bytes.count > 13, name.hasSuffix(".rtc"),
      bytes.prefix(9).allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    let between = String(decoding: bytes[9..<(bytes.count - 4)], as: UTF8.self)
    guard between.hasPrefix(".sync-conflict-") || between.contains("conflicted copy") else {
      return nil
    }
    return Int64(String(decoding: bytes.prefix(9), as: UTF8.self))
  }

  /// What a file of the remote is, without reading it: its size, and when it was last written.
  struct FileStatus {
    let size: Int
    /// Its last modification, as the file system keeps it (seconds and nanoseconds).
    let modified: (seconds: Int, nanoseconds: Int)

    /// Whether it was written after `other` was (a folder that has not changed since).
    func isModified(after other: FileStatus) -> Bool {
      modified.seconds != other.modified.seconds
        ? modified.seconds > other.modified.seconds
        : modified.nanoseconds > other.modified.nanoseconds
    }
  }

  /// The size and modification time of the file (or folder) at `name` (a path inside the
  /// remote), not following a link; `nil` when there is none.
  /// - Throws: `SyncError.cannotReachRemote` when it cannot be read.
  func status(of name: String) throws -> FileStatus? {
    var info = stat()
    guard lstat(path + "/" + name, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw SyncError.cannotReachRemote(path: path + "/" + name, reason: Self.reason())
    }
    #if canImport(Darwin)
    let modified = info.st_mtimespec
    #else
    let modified = info.st_mtim
    #endif
    return FileStatus(
      size: Int(info.st_size), modified: (Int(modified.tv_sec), Int(modified.tv_nsec)))
  }
}
