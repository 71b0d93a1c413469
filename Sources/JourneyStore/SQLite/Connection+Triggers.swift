import CSQLite

extension Connection {
  /// Turns this connection's triggers off, or on again: the statements it prepares from now on
  /// leave their programs out (SQLite prepares again those prepared before). Other connections
  /// to the file, and other programs, keep them. The corresponding C function is
  /// `sqlite3_db_config` with `SQLITE_DBCONFIG_ENABLE_TRIGGER`.
  func setTriggersEnabled(_ enabled: Bool) throws(SQLiteError) {
    guard csqlite_enable_triggers(handle, enabled ? 1 : 0) == SQLITE_OK else {
      throw SQLiteError(connection: handle)
    }
  }
}
