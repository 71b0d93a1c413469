extension Schema {
  /// What a replica knows of its remote and of its own files, so that a remote changed behind
  /// its back is refused and a file of its own that was lost or damaged is sent again (SYNC.md,
  /// "Copies of a database" and "Lost and damaged files"). Added columns and a new table only.
  ///
  /// - `sync_remote.key_id`: the key id of an encrypted remote (the first 8 bytes of its key
  ///   check value, as every sealed file carries it), `NULL` for a plain one: a
  ///   `roadtrip-remote.json` whose `encryption` member was removed or replaced is refused
  ///   rather than read as a plain remote.
  /// - `sync_sent.size`: the bytes of each file this replica wrote, as they are before sealing:
  ///   a sync finds a file of its own cut short or grown on the remote by its size alone, and
  ///   reads it only then.
  /// - `sync_held`: the replicas whose files this replica holds back, and why: the file it
  ///   waits for (refused, or not on the remote) and the reason, as the last sync found them,
  ///   so that `sync --status`, which touches no remote, says so.
  static let version11 = """
    ALTER TABLE sync_remote ADD COLUMN key_id BLOB;
    ALTER TABLE sync_sent ADD COLUMN size INTEGER;

    CREATE TABLE sync_held (
      replica TEXT PRIMARY KEY NOT NULL,
      file TEXT NOT NULL,
      reason TEXT NOT NULL
    ) STRICT, WITHOUT ROWID;
    """
}
