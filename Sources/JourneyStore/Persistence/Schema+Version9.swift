extension Schema {
  /// A journey's registers in one blob (BENCHMARKS.md, P12): saving
  /// them bound 21 columns, and SQLite's work on each column was most of what saving a received
  /// journey's registers cost.
  ///
  /// - `sync_register.registers`: the existence register and each field's, every one with its
  ///   value and the write that set it (clock, replica by `n`, file `seq`), as `RegisterEncoding`
  ///   lays them out (its first byte is its format's version).
  /// - `sync_register_v8`: version 8's table, renamed, rows and all: SQL cannot build the blobs,
  ///   so the first write that uses the registers converts its rows (`RegisterStore`) in its own
  ///   transaction and empties it. Reading a file never writes it, and an upgrade converts no
  ///   row before a sync needs it.
  static let version9 = """
    ALTER TABLE sync_register RENAME TO sync_register_v8;

    CREATE TABLE sync_register (
      journey TEXT PRIMARY KEY NOT NULL,
      registers BLOB NOT NULL
    ) STRICT, WITHOUT ROWID;
    """
}
