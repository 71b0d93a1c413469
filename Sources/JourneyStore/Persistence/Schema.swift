/// The database schema: one migration per released version, never edited once released.
///
/// `PRAGMA user_version` holds how many migrations a file has had; `PRAGMA application_id` marks
/// the file as roadtrip's. Every version has a fixture database in `fixtures/` and a test that
/// migrates it. Each migration is a literal, with nothing interpolated: `FrozenSchemaTests`
/// checks that what the migrations write is, byte for byte, the schema each fixture holds.
enum Schema {
  /// `PRAGMA application_id` of a roadtrip database: "RTRP" in ASCII.
  static let applicationID: Int64 = 0x5254_5250

  /// The version this code writes and understands.
  static var currentVersion: Int64 { Int64(migrations.count) }

  /// The SQL that takes a database from version `n` to `n + 1`, at index `n`.
  static let migrations: [String] = [
    version1, version2, version3, version4, version5, version6, version7, version8, version9,
    version10, version11, version12,
  ]

  /// Journeys, and the change log of every committed insert, update and delete.
  ///
  /// Dates are seconds since 2001-01-01T00:00:00Z (Foundation's reference date), stored exactly as
  /// `Date` holds them; start dates lie in the years 0000 to 9999. A change-log row records one
  /// inserted journey (no values: the journey row has them), one updated field with its old and
  /// new value, or one field of a deleted journey with its old value; the rows of one committed
  /// transaction share a batch.
  ///
  /// The CHECK constraints compare with `=` and `OR` rather than `IN (…)`: SQLite evaluates an
  /// `IN` list of more than two constants by building a temporary table, once per statement,
  /// which made every insert several times slower.
  private static let version1 = """
    CREATE TABLE batch (
      id INTEGER PRIMARY KEY,
      at REAL NOT NULL,
      origin TEXT NOT NULL
    ) STRICT;

    CREATE TABLE journey (
      id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36 AND id = lower(id)),
      name TEXT NOT NULL,
      transportation_type TEXT NOT NULL CHECK (
        transportation_type = 'walk-or-run' OR transportation_type = 'skateboard'
        OR transportation_type = 'scooter' OR transportation_type = 'bike' OR transportation_type = 'car'
        OR transportation_type = 'hired-car' OR transportation_type = 'bus' OR transportation_type = 'light-rail'),
      start_date REAL NOT NULL CHECK (start_date >= -63145526400 AND start_date < 252423993600),
      duration REAL NOT NULL CHECK (duration >= 0 AND duration < 9e999)
    ) STRICT;
    CREATE INDEX journey_by_type ON journey (transportation_type, start_date);
    CREATE INDEX journey_by_start ON journey (start_date);

    CREATE TABLE change (
      id INTEGER PRIMARY KEY,
      batch INTEGER NOT NULL REFERENCES batch (id),
      journey TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind = 'insert' OR kind = 'update' OR kind = 'delete'),
      field TEXT CHECK ((field IS NULL) = (kind = 'insert')),
      old ANY,
      new ANY
    ) STRICT;
    CREATE INDEX change_by_journey ON change (journey);
    CREATE INDEX change_by_batch ON change (batch);
    """

  /// Undo and redo: a batch may revert an earlier one.
  ///
  /// `kind` says whether a batch is a command's own changes, an undo (it reverts a command's batch
  /// or a redo's) or a redo (it reverts an undo); `reverts` is the batch it reverts. Both are
  /// recorded in the same transaction as the changes, so the log always says which changes are
  /// in effect.
  private static let version2 = """
    ALTER TABLE batch ADD COLUMN kind TEXT NOT NULL DEFAULT 'command'
      CHECK (kind = 'command' OR kind = 'undo' OR kind = 'redo');
    ALTER TABLE batch ADD COLUMN reverts INTEGER REFERENCES batch (id)
      CHECK ((reverts IS NULL) = (kind = 'command'));
    CREATE UNIQUE INDEX batch_by_reverts ON batch (reverts) WHERE reverts IS NOT NULL;
    """

  /// Every writer in the log, derived reverts, a log that can be pruned.
  ///
  /// - Triggers on the journey table write the change log for every program that does not write
  ///   it itself, so that every committed change is recorded whoever makes it: the sqlite3 shell,
  ///   Python, a sync tool. A change-log row is one inserted, updated or deleted journey: an
  ///   insert holds no values (the journey row has them), an update the old and new value of each
  ///   field it changed (`NULL` for the others: the journey's columns are `NOT NULL`), a delete
  ///   every old value.
  /// - roadtrip opens its batch before it writes, with the triggers silent (`state` 2), writes
  ///   its own log rows (a prepared statement beside each update, one statement for many inserts
  ///   or deletes), and closes it (`state` 0) before it commits. (The first roadtrip of this
  ///   version opened its batches with `state` 1, under which the triggers log the writes.)
  /// - A write by any other program finds no open batch and opens one of its own (`state` 3,
  ///   origin `outside roadtrip`), which the other rows of the same statement join: SQLite's
  ///   `'now'` is the same through one statement, and `total_changes()` (which counts the
  ///   triggers' own writes at once, and the statement's rows only at its end) grows by exactly
  ///   one from the last write of one row's trigger, which notes it in `stamp`, to the next row's;
  ///   the next statement starts further on (the first statement of every logging trigger opens
  ///   the batch unless it is open for this write, the last notes `stamp`). A trigger cannot tell one transaction from the next,
  ///   so every statement of another program is a batch: `undo` takes its writes back one
  ///   statement at a time, never more than one program wrote together.
  /// - A row that `INSERT OR REPLACE` replaces is deleted without a delete trigger (SQLite fires
  ///   none unless `recursive_triggers` is on, which other programs do not set): a trigger before
  ///   the insert keeps the row in `journey_replaced`, and the insert's trigger logs it as a
  ///   delete before the insert.
  /// - An undo or a redo that sets back exactly what the batch it reverts changed logs nothing
  ///   but its batch: its changes are those of `source`'s rows, the other way round when
  ///   `inverted` is 1. Undo and redo then cost no log rows.
  /// - Batch ids are never reused (`AUTOINCREMENT`); `reverts` and `source` may name batches that
  ///   `history prune` removed, whose number `log_horizon` keeps.
  /// - A duration's end date is a date that can be written: before the year 10000 (a CHECK
  ///   constraint since version 5).
  private static let version3 = """
    CREATE TABLE batch_v3 (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at REAL NOT NULL,
      origin TEXT NOT NULL,
      kind TEXT NOT NULL DEFAULT 'command' CHECK (kind = 'command' OR kind = 'undo' OR kind = 'redo'),
      reverts INTEGER CHECK ((reverts IS NULL) = (kind = 'command')),
      state INTEGER NOT NULL DEFAULT 0 CHECK (state >= 0 AND state <= 3),
      source INTEGER,
      inverted INTEGER NOT NULL DEFAULT 0 CHECK (inverted = 0 OR inverted = 1),
      stamp INTEGER,
      CHECK (source IS NOT NULL OR inverted = 0)
    ) STRICT;
    INSERT INTO batch_v3 (id, at, origin, kind, reverts) SELECT id, at, origin, kind, reverts FROM batch;

    CREATE TABLE change_v3 (
      id INTEGER PRIMARY KEY,
      batch INTEGER NOT NULL REFERENCES batch_v3 (id),
      journey TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind = 'insert' OR kind = 'update' OR kind = 'delete'),
      old_name ANY, new_name ANY,
      old_transportation_type ANY, new_transportation_type ANY,
      old_start_date ANY, new_start_date ANY,
      old_duration ANY, new_duration ANY
    ) STRICT;
    INSERT INTO change_v3 (id, batch, journey, kind,
      old_name, new_name, old_transportation_type, new_transportation_type,
      old_start_date, new_start_date, old_duration, new_duration)
    SELECT id, batch, journey, kind,
      iif(field = 'name', old, NULL), iif(field = 'name', new, NULL),
      iif(field = 'transportationType', old, NULL), iif(field = 'transportationType', new, NULL),
      iif(field = 'startDate', old, NULL), iif(field = 'startDate', new, NULL),
      iif(field = 'duration', old, NULL), iif(field = 'duration', new, NULL)
    FROM change WHERE kind <> 'delete'
    UNION ALL
    SELECT min(id), batch, journey, 'delete',
      max(iif(field = 'name', old, NULL)), NULL,
      max(iif(field = 'transportationType', old, NULL)), NULL,
      max(iif(field = 'startDate', old, NULL)), NULL,
      max(iif(field = 'duration', old, NULL)), NULL
    FROM change WHERE kind = 'delete' GROUP BY batch, journey;

    DROP TABLE change;
    ALTER TABLE change_v3 RENAME TO change;
    DROP TABLE batch;
    ALTER TABLE batch_v3 RENAME TO batch;
    CREATE UNIQUE INDEX batch_by_reverts ON batch (reverts) WHERE reverts IS NOT NULL;
    CREATE INDEX change_by_journey ON change (journey);
    CREATE INDEX change_by_batch ON change (batch);

    CREATE TABLE log_horizon (
      batch INTEGER NOT NULL,
      at REAL NOT NULL
    ) STRICT;

    CREATE TRIGGER journey_before_end BEFORE INSERT ON journey
    WHEN NEW.start_date + NEW.duration >= 252423993600
    BEGIN
      SELECT raise(ABORT, 'CHECK constraint failed: end date after the year 9999');
    END;
    CREATE TRIGGER journey_before_end_update BEFORE UPDATE OF start_date, duration ON journey
    WHEN NEW.start_date + NEW.duration >= 252423993600
    BEGIN
      SELECT raise(ABORT, 'CHECK constraint failed: end date after the year 9999');
    END;

    CREATE TABLE journey_replaced (
      id TEXT NOT NULL,
      at REAL NOT NULL,
      name ANY, transportation_type ANY, start_date ANY, duration ANY
    ) STRICT;

    CREATE TRIGGER journey_keeps_replaced BEFORE INSERT ON journey
    WHEN (SELECT state FROM batch ORDER BY id DESC LIMIT 1) IS NOT 2
      AND EXISTS (SELECT 1 FROM journey WHERE id = NEW.id)
    BEGIN
      DELETE FROM journey_replaced WHERE id = NEW.id;
      INSERT INTO journey_replaced (id, at, name, transportation_type, start_date, duration)
        SELECT id, (julianday('now') - 2451910.5) * 86400.0, name, transportation_type, start_date, duration
        FROM journey WHERE id = NEW.id;
    END;

    CREATE TRIGGER journey_logs_insert AFTER INSERT ON journey
    WHEN (SELECT state FROM batch ORDER BY id DESC LIMIT 1) IS NOT 2
    BEGIN
      INSERT INTO batch (at, origin, state, stamp)
      SELECT (julianday('now') - 2451910.5) * 86400.0, 'outside roadtrip', 3, total_changes()
      WHERE NOT EXISTS (
        SELECT 1 FROM batch WHERE id = (SELECT max(id) FROM batch) AND (state = 1 OR (state = 3
          AND at = (julianday('now') - 2451910.5) * 86400.0 AND stamp = total_changes() - 1)));
      INSERT INTO change (batch, journey, kind, old_name, old_transportation_type, old_start_date, old_duration)
        SELECT (SELECT max(id) FROM batch), id, 'delete', name, transportation_type, start_date, duration
        FROM journey_replaced WHERE id = NEW.id AND at = (julianday('now') - 2451910.5) * 86400.0;
      DELETE FROM journey_replaced WHERE id = NEW.id;
      INSERT INTO change (batch, journey, kind) VALUES ((SELECT max(id) FROM batch), NEW.id, 'insert');
      UPDATE batch SET stamp = total_changes() WHERE id = (SELECT max(id) FROM batch) AND state = 3;
    END;

    CREATE TRIGGER journey_logs_update AFTER UPDATE ON journey
    WHEN (SELECT state FROM batch ORDER BY id DESC LIMIT 1) IS NOT 2 AND OLD.id IS NEW.id
      AND (OLD.name IS NOT NEW.name OR OLD.transportation_type IS NOT NEW.transportation_type
        OR OLD.start_date IS NOT NEW.start_date OR OLD.duration IS NOT NEW.duration)
    BEGIN
      INSERT INTO batch (at, origin, state, stamp)
      SELECT (julianday('now') - 2451910.5) * 86400.0, 'outside roadtrip', 3, total_changes()
      WHERE NOT EXISTS (
        SELECT 1 FROM batch WHERE id = (SELECT max(id) FROM batch) AND (state = 1 OR (state = 3
          AND at = (julianday('now') - 2451910.5) * 86400.0 AND stamp = total_changes() - 1)));
      INSERT INTO change (batch, journey, kind,
        old_name, new_name, old_transportation_type, new_transportation_type,
        old_start_date, new_start_date, old_duration, new_duration)
      VALUES ((SELECT max(id) FROM batch), NEW.id, 'update',
        iif(OLD.name IS NOT NEW.name, OLD.name, NULL), iif(OLD.name IS NOT NEW.name, NEW.name, NULL),
        iif(OLD.transportation_type IS NOT NEW.transportation_type, OLD.transportation_type, NULL),
        iif(OLD.transportation_type IS NOT NEW.transportation_type, NEW.transportation_type, NULL),
        iif(OLD.start_date IS NOT NEW.start_date, OLD.start_date, NULL),
        iif(OLD.start_date IS NOT NEW.start_date, NEW.start_date, NULL),
        iif(OLD.duration IS NOT NEW.duration, OLD.duration, NULL),
        iif(OLD.duration IS NOT NEW.duration, NEW.duration, NULL));
      UPDATE batch SET stamp = total_changes() WHERE id = (SELECT max(id) FROM batch) AND state = 3;
    END;

    CREATE TRIGGER journey_logs_id_change AFTER UPDATE OF id ON journey
    WHEN (SELECT state FROM batch ORDER BY id DESC LIMIT 1) IS NOT 2 AND OLD.id IS NOT NEW.id
    BEGIN
      INSERT INTO batch (at, origin, state, stamp)
      SELECT (julianday('now') - 2451910.5) * 86400.0, 'outside roadtrip', 3, total_changes()
      WHERE NOT EXISTS (
        SELECT 1 FROM batch WHERE id = (SELECT max(id) FROM batch) AND (state = 1 OR (state = 3
          AND at = (julianday('now') - 2451910.5) * 86400.0 AND stamp = total_changes() - 1)));
      INSERT INTO change (batch, journey, kind,
        old_name, old_transportation_type, old_start_date, old_duration)
      VALUES ((SELECT max(id) FROM batch), OLD.id, 'delete',
        OLD.name, OLD.transportation_type, OLD.start_date, OLD.duration);
      INSERT INTO change (batch, journey, kind) VALUES ((SELECT max(id) FROM batch), NEW.id, 'insert');
      UPDATE batch SET stamp = total_changes() WHERE id = (SELECT max(id) FROM batch) AND state = 3;
    END;

    CREATE TRIGGER journey_logs_delete AFTER DELETE ON journey
    WHEN (SELECT state FROM batch ORDER BY id DESC LIMIT 1) IS NOT 2
    BEGIN
      INSERT INTO batch (at, origin, state, stamp)
      SELECT (julianday('now') - 2451910.5) * 86400.0, 'outside roadtrip', 3, total_changes()
      WHERE NOT EXISTS (
        SELECT 1 FROM batch WHERE id = (SELECT max(id) FROM batch) AND (state = 1 OR (state = 3
          AND at = (julianday('now') - 2451910.5) * 86400.0 AND stamp = total_changes() - 1)));
      INSERT INTO change (batch, journey, kind,
        old_name, old_transportation_type, old_start_date, old_duration)
      VALUES ((SELECT max(id) FROM batch), OLD.id, 'delete',
        OLD.name, OLD.transportation_type, OLD.start_date, OLD.duration);
      UPDATE batch SET stamp = total_changes() WHERE id = (SELECT max(id) FROM batch) AND state = 3;
    END;
    """

  /// The log's index by journey holds the first 8 characters of the id, not all 36: every write
  /// adds an entry at a random place of it, and an index a third the size is a third the pages a
  /// large edit dirties (P4).
  /// Queries find a journey's rows with `substr(journey, 1, 8) = substr(?, 1, 8) AND +journey = ?`,
  /// the expression as the index has it (`ChangeLogIndexTests` checks they use it); 32 bits of a
  /// random id tell journeys apart but for a few.
  private static let version4 = """
    DROP INDEX change_by_journey;
    CREATE INDEX change_by_journey ON change (substr(journey, 1, 8));
    """
}
