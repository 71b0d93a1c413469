import CSQLite

extension Connection {
  /// Runs `body` with every statement of this connection stopped as soon as `shouldStop` says
  /// so: SQLite asks it every 1,000 steps of its virtual machine, so that even one long statement
  /// (a `VACUUM`, an index built again, a delete of a large batch) stops within microseconds. The
  /// statement then fails with `SQLiteError.ResultCode.interrupt`, and the transaction it was part
  /// of is rolled back. The corresponding C function is `sqlite3_progress_handler`.
  ///
  /// Unlike `sqlite3_interrupt`, which another thread calls, nothing here races with a statement
  /// that starts right after the stop was asked for, or with the connection closing: the
  /// connection's own thread asks, between steps. `shouldStop` is called on that thread.
  func interrupting<T>(when shouldStop: @escaping () -> Bool, _ body: () throws -> T) rethrows -> T {
    let check = Unmanaged.passRetained(InterruptionCheck(shouldStop))
    sqlite3_progress_handler(
      handle, 1000,
      { context in
        guard let context else { return 0 }
        return Unmanaged<InterruptionCheck>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
      }, check.toOpaque())
    defer {
      sqlite3_progress_handler(handle, 0, nil, nil)
      check.release()
    }
    return try body()
  }
}

/// What `Connection.interrupting(when:_:)` hands SQLite's progress handler.
private final class InterruptionCheck {
  let shouldStop: () -> Bool

  init(_ shouldStop: @escaping () -> Bool) {
    self.shouldStop = shouldStop
  }
}
