import CSQLite

extension Connection {
  /// Calls `body` right after each transaction that changed something has committed (its
  /// commit is in the WAL and durable), before SQLite checkpoints the WAL. The corresponding C
  /// function is `sqlite3_wal_hook`.
  ///
  /// That hook is where SQLite runs its automatic checkpoint, which setting it turns off: it
  /// checkpoints here as SQLite would (passive, once the WAL holds 1,000 pages, SQLite's
  /// default). `PRAGMA wal_autocheckpoint` would remove the hook again.
  func observeCommits(_ body: @escaping @Sendable () -> Void) {
    let observer = CommitObserver(body)
    commitObserver = observer
    sqlite3_wal_hook(handle, { context, connection, database, pages in
      if let context {
        let observer = Unmanaged<CommitObserver>.fromOpaque(context).takeUnretainedValue()
        if !observer.isSuspended { observer.body() }
      }
      if pages >= 1000 {
        // As SQLite's own hook does: a checkpoint that cannot finish now is not an error.
        sqlite3_wal_checkpoint_v2(connection, database, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
      }
      return SQLITE_OK
    }, Unmanaged.passUnretained(observer).toOpaque())
  }
}

extension Connection {
  /// Runs `body` without telling the observer of `observeCommits` of the commits it makes.
  func withCommitsUnobserved<T>(_ body: () throws -> T) throws -> T {
    let observer = commitObserver
    observer?.isSuspended = true
    defer { observer?.isSuspended = false }
    return try body()
  }
}

/// What `Connection.observeCommits` calls, kept alive by the connection for SQLite's hook.
final class CommitObserver {
  let body: @Sendable () -> Void
  /// Whether commits go unreported for now (`withCommitsUnobserved`).
  var isSuspended = false

  init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
  }
}
