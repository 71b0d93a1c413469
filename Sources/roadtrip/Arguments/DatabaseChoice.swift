import Glibc
import JourneyStore

/// The database a command uses, as `--db` chose it, or not: the environment variables that
/// choose it when `--db` does not, how it is opened, and what a failed first write removes.
/// `DatabaseOptions` reads `--db` with ArgumentParser; `ChosenDatabase` is the same choice made
/// without it (`PositionalCommandLine`), which spares a one-edit command ArgumentParser's
/// runtime type lookups (BENCHMARKS.md, P3).
protocol DatabaseChoice {
  /// The value of `--db`, if given.
  var path: String? { get }
}

extension DatabaseChoice {
  /// The database file in use: `--db`, else `$ROADTRIP_DB`, else
  /// `$XDG_DATA_HOME/roadtrip/journeys.sqlite` (`~/.local/share/…` when that is unset).
  /// - Throws: `CommandError.usage` when no home folder is known to put the default in.
  func resolvedPath() throws -> String {
    if let path {
      // An empty --db is a mistake (an unset variable in a script), never the default database.
      guard !path.isEmpty else { throw CommandError.usage("--db needs a path; leave it out for the default database") }
      return path
    }
    if let path = Environment["ROADTRIP_DB"] { return path }
    if let dataHome = Environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return dataHome + "/roadtrip/journeys.sqlite"
    }
    guard let home = Environment.homeFolder else {
      throw CommandError.usage("no home folder is known for the default database; give --db PATH or set ROADTRIP_DB")
    }
    return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/share/roadtrip/journeys.sqlite"
  }

  /// How long to wait for another process's lock: `$ROADTRIP_BUSY_TIMEOUT` milliseconds, else 5 s.
  /// - Throws: `CommandError.invalidEnvironment` when the variable is not a number of milliseconds.
  func busyTimeout() throws -> Duration {
    guard let text = Environment["ROADTRIP_BUSY_TIMEOUT"] else { return .seconds(5) }
    guard let milliseconds = Int64(text), milliseconds >= 0 else {
      throw CommandError.invalidEnvironment(
        name: "ROADTRIP_BUSY_TIMEOUT", value: text, expected: "a whole number of milliseconds, such as 5000")
    }
    return .milliseconds(milliseconds)
  }

  /// Opens the database to read or to change journeys that exist, without ever creating it: when
  /// there is no file, or an empty one, an empty database in memory stands in, so that a listing
  /// is empty and an id matches nothing. Nothing is written to the file until the command writes
  /// (`JourneyDatabase` upgrades an older schema then).
  /// - Throws: `CommandError.openingDatabase` when the file cannot be opened or is refused.
  func openExisting() throws -> JourneyDatabase {
    let path = try resolvedPath()
    var configuration = try self.configuration(createsFile: false)
    configuration.isInMemory = try !databaseExists()
    return try open(path, configuration, isCreating: false)
  }

  /// Whether there is a file at the database's path, empty or not: one that a failed first
  /// write must not remove.
  func databaseFileExists() throws -> Bool {
    try fileExists(at: try resolvedPath())
  }

  /// Whether the database file exists and holds something: an empty file is one that a first
  /// write has just created, or a database yet to be.
  func databaseExists() throws -> Bool {
    guard let info = try fileStatus(at: try resolvedPath()) else { return false }
    return info.st_mode & S_IFMT != S_IFREG || info.st_size > 0
  }

  /// Opens the database to add journeys, creating the file (mode 0600) and its folders (mode
  /// 0700) when they do not exist.
  /// - Throws: `CommandError.openingDatabase` when the file cannot be opened, created or is refused.
  func openCreatingIfMissing() throws -> JourneyDatabase {
    let path = try resolvedPath()
    let isCreating = !(try fileExists(at: path))
    if isCreating { CreatedDatabase.willCreate(path) }
    return try open(path, try configuration(createsFile: true), isCreating: isCreating)
  }

  /// How a command opens the database: with the busy timeout, the command line as the origin
  /// of its changes, its commits noted for `Interruption`, and an upgrade of its schema (by the
  /// first write) said once on standard error.
  func configuration(createsFile: Bool) throws -> JourneyDatabase.Configuration {
    let path = try resolvedPath()
    return JourneyDatabase.Configuration(
      busyTimeout: try busyTimeout(), origin: CommandLine.origin, createsFile: createsFile,
      didCommit: Interruption.noteCommit,
      didUpgradeSchema: { old, new in
        StandardError.write(
          "roadtrip: upgraded \(path) from schema version \(old) to \(new); older versions of roadtrip cannot open it now\n")
      })
  }

  private func open(
    _ path: String, _ configuration: JourneyDatabase.Configuration, isCreating: Bool
  ) throws -> JourneyDatabase {
    do {
      return try JourneyDatabase(path: path, configuration: configuration)
    } catch {
      throw CommandError.openingDatabase(path: path, isCreating: isCreating, underlying: error)
    }
  }

  /// The files beside the database (`-wal`, `-shm`) that exist now, as suffixes: what
  /// `removeDatabase(sparing:)` must leave alone.
  func filesBesideDatabase() throws -> Set<String> {
    let path = try resolvedPath()
    return Set(["-wal", "-shm"].filter { access(path + $0, F_OK) == 0 })
  }

  /// Removes the database file with its WAL and shared-memory files: what a failed first write
  /// created, so that it leaves nothing behind; unless another process has the database open
  /// (it may be waiting to write to it, and its write would go to a deleted file). Files that
  /// were there before (`sparing`, from `filesBesideDatabase()`) are not this command's to remove.
  func removeDatabase(sparing existing: Set<String>) throws {
    let path = try resolvedPath()
    guard !isOpenElsewhere(path) else { return }
    for suffix in ["", "-wal", "-shm"] where !existing.contains(suffix) {
      unlink(path + suffix)
    }
  }

  /// Whether another process has the database open: in WAL mode every SQLite connection holds a
  /// read lock on the database file's shared-lock range (from byte 2^30 + 2, 510 bytes) for as
  /// long as it is open. The corresponding C function is `fcntl` with `F_GETLK`, which sees the
  /// locks of other processes only. When the file cannot be examined, it is taken as in use.
  private func isOpenElsewhere(_ path: String) -> Bool {
    let descriptor = openForReading(path)
    guard descriptor >= 0 else { return errno != ENOENT }
    defer { close(descriptor) }
    var lock = flock()
    lock.l_type = Int16(F_WRLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = 0x4000_0002
    lock.l_len = 510
    guard fcntl(descriptor, F_GETLK, &lock) == 0 else { return true }
    return lock.l_type != Int16(F_UNLCK)
  }

  /// Whether a file exists at `path`.
  /// - Throws: As `fileStatus(at:)`.
  private func fileExists(at path: String) throws -> Bool {
    try fileStatus(at: path) != nil
  }

  /// What `stat` says of the file at `path`, or `nil` when there is none.
  /// - Throws: `CommandError.unreachableDatabase` when that cannot be known, such as in a folder
  ///   this user may not enter: "no database" would be a wrong answer.
  private func fileStatus(at path: String) throws -> stat? {
    var info = stat()
    guard stat(path, &info) != 0 else { return info }
    guard errno == ENOENT || errno == ENOTDIR else {
      throw CommandError.unreachableDatabase(path: path, reason: String(cString: strerror(errno)))
    }
    return nil
  }
}

/// Opens a file to read; the corresponding C function is `open` (out of the type, whose own
/// `open` would be taken).
private func openForReading(_ path: String) -> Int32 {
  open(path, O_RDONLY | O_CLOEXEC)
}
