extension JourneyDatabase {
  /// How to open a database.
  public struct Configuration: Sendable {
    /// How long to wait for another process's lock before failing with a busy `SQLiteError`.
    public var busyTimeout: Duration
    /// What the change log records as the origin of this database's changes, such as the
    /// command line that made them.
    public var origin: String
    /// Opens the file without the right to write.
    public var isReadOnly: Bool
    /// Creates the file and its folders when they do not exist.
    public var createsFile: Bool
    /// Keeps an empty database in memory instead of opening the file, gone when closed: for a
    /// reader of a database that does not exist yet. The path only names it in messages.
    public var isInMemory: Bool
    /// Called from inside SQLite right after a transaction of this database that changed
    /// something has committed (the commit is durable), before SQLite checkpoints its WAL; not
    /// for a schema upgrade. A command line uses it to know that
    /// an interruption no longer undoes what it did.
    public var didCommit: (@Sendable () -> Void)?
    /// Called when this database upgraded the file's schema, from the version it had to the
    /// current one: before its first write, or by `upgradeSchema()`. A command line says so.
    public var didUpgradeSchema: (@Sendable (_ from: Int64, _ to: Int64) -> Void)?

    /// A configuration: by default a 5-second busy timeout, origin "JourneyStore", read-write,
    /// creating the file when missing, on disk.
    public init(
      busyTimeout: Duration = .seconds(5),
      origin: String = "JourneyStore",
      isReadOnly: Bool = false,
      createsFile: Bool = true,
      isInMemory: Bool = false,
      didCommit: (@Sendable () -> Void)? = nil,
      didUpgradeSchema: (@Sendable (_ from: Int64, _ to: Int64) -> Void)? = nil
    ) {
      self.busyTimeout = busyTimeout
      self.origin = origin
      self.isReadOnly = isReadOnly
      self.createsFile = createsFile
      self.isInMemory = isInMemory
      self.didCommit = didCommit
      self.didUpgradeSchema = didUpgradeSchema
    }
  }
}
