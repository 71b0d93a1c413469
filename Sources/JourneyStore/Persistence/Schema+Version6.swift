extension Schema {
  /// Sync (SYNC.md): the state a replica keeps to exchange its changes with a remote. Added
  /// columns and new tables only, so the first write on a version-5 file rebuilds nothing; a
  /// database that never syncs leaves the new tables empty, and its local writes do nothing new.
  ///
  /// - `batch.replica`: `NULL` for a batch made here (a command, an undo, another program's
  ///   statement), the ids of the replicas whose files it applied for a batch a sync received
  ///   (such a batch is never sent back). `batch.hlc`: the hybrid logical clock a local batch was
  ///   stamped with when it was sent (48 bits of milliseconds since 1970, 16 of counter).
  /// - `sync_replica`: one row, this replica's id, made at its first sync (not at creation), the
  ///   largest clock it has seen or given, and the newest batch whose changes it has stamped and
  ///   put in a file (`history prune` keeps the batches after it).
  /// - `sync_remote`: the remembered remote: where it is, its kind, the id its
  ///   `roadtrip-remote.json` holds, when it was added and last synced.
  /// - `sync_seen`: the version vector: for each replica known here (this one too), the newest of
  ///   its files applied here; `n` is the replica's number in `sync_register`.
  /// - `sync_sent`: each file this replica wrote: the batches it covered, its digest, and its
  ///   bytes until the remote is seen to hold it (`pending`), so that a sync killed between its
  ///   commit and the file loses nothing.
  /// - `sync_register`: for each journey ever synced, one last-writer-wins register per field and
  ///   one for its existence: the value, the clock that wrote it, the replica (by `n`) and the
  ///   file (`seq`) that did. The journey row is the registers' values while `present` is 1.
  /// - `sync_conflict`: concurrent writes of one field with different values: what was kept and
  ///   what lost (a `NULL` kept value: the journey was deleted), and the batch that restored it.
  static let version6 = """
    ALTER TABLE batch ADD COLUMN replica TEXT;
    ALTER TABLE batch ADD COLUMN hlc INTEGER;

    CREATE TABLE sync_replica (
      id TEXT NOT NULL,
      created REAL NOT NULL,
      last_hlc INTEGER NOT NULL DEFAULT 0,
      sent_batch INTEGER NOT NULL DEFAULT 0
    ) STRICT;

    CREATE TABLE sync_remote (
      url TEXT NOT NULL,
      kind TEXT NOT NULL,
      remote_id TEXT NOT NULL,
      added REAL NOT NULL,
      last_sync REAL
    ) STRICT;

    CREATE TABLE sync_seen (
      n INTEGER PRIMARY KEY,
      replica TEXT NOT NULL UNIQUE,
      seq INTEGER NOT NULL DEFAULT 0
    ) STRICT;

    CREATE TABLE sync_sent (
      seq INTEGER PRIMARY KEY,
      first_batch INTEGER NOT NULL,
      last_batch INTEGER NOT NULL,
      digest BLOB NOT NULL,
      pending BLOB
    ) STRICT;

    CREATE TABLE sync_register (
      journey TEXT PRIMARY KEY NOT NULL,
      present INTEGER NOT NULL, present_hlc INTEGER NOT NULL,
      present_by INTEGER NOT NULL, present_seq INTEGER NOT NULL,
      name ANY, name_hlc INTEGER NOT NULL, name_by INTEGER NOT NULL, name_seq INTEGER NOT NULL,
      transportation_type ANY, transportation_type_hlc INTEGER NOT NULL,
      transportation_type_by INTEGER NOT NULL, transportation_type_seq INTEGER NOT NULL,
      start_date ANY, start_date_hlc INTEGER NOT NULL,
      start_date_by INTEGER NOT NULL, start_date_seq INTEGER NOT NULL,
      duration ANY, duration_hlc INTEGER NOT NULL, duration_by INTEGER NOT NULL, duration_seq INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE sync_conflict (
      id INTEGER PRIMARY KEY,
      batch INTEGER,
      at REAL NOT NULL,
      journey TEXT NOT NULL,
      field TEXT NOT NULL,
      kept ANY, kept_hlc INTEGER NOT NULL, kept_replica TEXT NOT NULL,
      lost ANY, lost_hlc INTEGER NOT NULL, lost_replica TEXT NOT NULL,
      restored_by INTEGER
    ) STRICT;
    """
}
