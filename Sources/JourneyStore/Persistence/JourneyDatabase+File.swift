#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JourneyDatabase {
  /// Creates an empty database file with mode 0600, and its missing folders with mode 0700,
  /// unless the file exists. The corresponding C functions are `mkdir` and `open`.
  static func createFileIfMissing(at path: String) throws(JourneyDatabaseError) {
    guard access(path, F_OK) != 0 else { return }
    var folder = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/").dropLast() {
      folder += component + "/"
      if mkdir(folder, 0o700) != 0 && errno != EEXIST {
        throw .cannotCreate(path: folder, reason: String(cString: strerror(errno)))
      }
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      if errno == EEXIST { return }
      throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    close(descriptor)
  }

  /// Opens the connection and brings the schema up to date.
  ///
  /// In WAL mode SQLite needs a shared-memory file beside the database (`-shm`) even to read.
  /// When it cannot make one, because the disk is full or the file system is read-only, the file
  /// is opened in a mode that needs none, so that journeys can still be read (and, on a full disk,
  /// a write fails as a full disk): with exclusive locking (a heap-memory WAL index; other
  /// processes wait, as for any writer) on a full disk, and immutable on a read-only file system,
  /// which nothing can change.
  static func connect(path: String, configuration: Configuration) throws -> Connection {
    do {
      let connection = try Connection(
        path: path, readOnly: configuration.isReadOnly, busyTimeout: configuration.busyTimeout)
      try connection.prepareSchema(readOnly: configuration.isReadOnly)
      return connection
    } catch let error as SQLiteError where error.kind == .full || isOnReadOnlyFileSystem(path) {
      if isOnReadOnlyFileSystem(path) {
        // Immutable ignores a WAL: only when there is none to read.
        guard !hasWAL(path) else { throw error }
        let connection = try Connection(path: path, busyTimeout: configuration.busyTimeout, immutable: true)
        try connection.prepareSchema(readOnly: true)
        return connection
      }
      let connection = try Connection(
        path: path, readOnly: configuration.isReadOnly, busyTimeout: configuration.busyTimeout)
      try connection.execute("PRAGMA locking_mode = EXCLUSIVE")
      try connection.prepareSchema(readOnly: configuration.isReadOnly)
      return connection
    }
  }

  /// Whether the database has a WAL file with frames in it.
  private static func hasWAL(_ path: String) -> Bool {
    var info = stat()
    return stat(path + "-wal", &info) == 0 && info.st_size > 0
  }

  /// Whether the file system that holds `path` is mounted read-only; the corresponding C
  /// function is `statvfs`.
  private static func isOnReadOnlyFileSystem(_ path: String) -> Bool {
    var info = statvfs()
    return statvfs(path, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
  }
}
