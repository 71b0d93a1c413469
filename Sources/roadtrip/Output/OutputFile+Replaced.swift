import Glibc

extension OutputFile {
  /// Whether `replace(_:_:)` replaces what is at `path` with a file of its own (a regular file,
  /// through symbolic links, or nothing yet), rather than writing into it (standard output, a
  /// FIFO, a device): a file whose name should say what it holds.
  static func isReplacingFile(at path: String) -> Bool {
    guard !standardOutputNames.contains(path) else { return false }
    var info = stat()
    return stat(path, &info) != 0 || info.st_mode & S_IFMT == S_IFREG
  }

  /// Refuses to replace a SQLite database, anybody's, such as one of other journeys: a regular
  /// file at `path` (through symbolic links) that starts with SQLite's header, read as bytes
  /// without opening it with SQLite.
  /// - Throws: `CommandError.wouldReplaceDatabase`.
  static func refuseReplacingDatabase(at path: String) throws {
    guard isReplacingFile(at: path) else { return }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: sqliteHeader.count)
    let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count == sqliteHeader.count && header == sqliteHeader {
      throw CommandError.wouldReplaceDatabase(destination: path)
    }
  }

  /// The first 16 bytes of every SQLite database file: "SQLite format 3" and a NUL.
  private static let sqliteHeader = Array("SQLite format 3\0".utf8)
}
