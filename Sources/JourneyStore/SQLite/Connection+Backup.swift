import CSQLite

extension Connection {
  /// Copies every page of `source`'s database over this connection's, with SQLite's online
  /// backup API: in one write transaction on this database, taken through SQLite's locks (a
  /// writer elsewhere is waited for up to the busy timeout; readers keep the snapshot they
  /// have, and see the copy at their next read), written through the WAL like any commit. The
  /// commit observer, if any, is called once the copy is committed. The corresponding C
  /// functions are `sqlite3_backup_init`, `sqlite3_backup_step` and `sqlite3_backup_finish`.
  /// - Parameter whileLocked: Runs once the write lock is taken, before the first page is
  ///   copied: what it reads of this database through another connection (in WAL mode) is the
  ///   last commit, which no other process can change until the copy is committed. When it
  ///   throws, the copy is abandoned and its transaction rolled back.
  /// - Throws: `SQLiteError`, or what `whileLocked` throws; nothing is changed then.
  func copyPages(from source: Connection, pagesPerStep: Int32 = 4096, whileLocked: () throws -> Void = {}) throws {
    guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
      throw SQLiteError(connection: handle)
    }
    // No page yet: this takes the locks and counts the pages (a source of at least one page,
    // as every database is, is not copied yet).
    var code = sqlite3_backup_step(backup, 0)
    if code == SQLITE_OK {
      do {
        try whileLocked()
      } catch {
        sqlite3_backup_finish(backup)
        throw error
      }
    }
    while code == SQLITE_OK {
      code = sqlite3_backup_step(backup, pagesPerStep)
    }
    let finished = sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE && finished == SQLITE_OK else {
      throw SQLiteError(connection: handle)
    }
    // The backup API commits without calling the WAL hook.
    commitObserver?.body()
  }
}
