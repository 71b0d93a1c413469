import CSQLite

extension Connection {
  /// Calls `body` whenever a transaction that changed something starts to commit, before the
  /// commit is durable; it cannot stop the commit. The corresponding C function is
  /// `sqlite3_commit_hook`.
  func observeCommits(_ body: @escaping @Sendable () -> Void) {
    let observer = CommitObserver(body)
    commitObserver = observer
    sqlite3_commit_hook(handle, { context in
      guard let context else { return 0 }
      Unmanaged<CommitObserver>.fromOpaque(context).takeUnretainedValue().body()
      return 0
    }, Unmanaged.passUnretained(observer).toOpaque())
  }
}

/// What `Connection.observeCommits` calls, kept alive by the connection for SQLite's hook.
final class CommitObserver {
  let body: @Sendable () -> Void

  init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
  }
}
