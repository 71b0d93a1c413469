extension Schema {
  /// The end bound is a CHECK constraint of the journey table, `journey_ends_before_10000`, no
  /// longer the `journey_before_end` and `journey_before_end_update` triggers: a trigger runs a
  /// sub-program for every row written, a CHECK evaluates an expression. SQLite refuses a value
  /// past the bound with "CHECK constraint failed: journey_ends_before_10000", which roadtrip
  /// says in its own words (`SQLiteError.refusedValueDescription`).
  ///
  /// The two triggers are dropped by name, though dropping the table drops them, so that
  /// `Schema.triggers(atVersion:)`, which reads the migrations, knows they are gone.
  ///
  /// SQLite cannot add a CHECK with ALTER TABLE: the table is rebuilt as SQLite documents
  /// ("Making Other Kinds Of Table Schema Changes"), in the one transaction of the upgrade: a new
  /// table, its rows copied with their rowids (the default order stays), the old one dropped
  /// (with its indexes and triggers), the new one renamed, its indexes and the triggers that log
  /// other programs' changes made again, their bodies byte for byte those of version 3. No
  /// foreign key refers to the journey table (the log holds a journey's id as text);
  /// `upgradeSchema()` checks the foreign keys before it commits.
  static let version5 = """
    DROP TRIGGER journey_before_end;
    DROP TRIGGER journey_before_end_update;

    CREATE TABLE journey_v5 (
      id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36 AND id = lower(id)),
      name TEXT NOT NULL,
      transportation_type TEXT NOT NULL CHECK (
        transportation_type = 'walk-or-run' OR transportation_type = 'skateboard'
        OR transportation_type = 'scooter' OR transportation_type = 'bike' OR transportation_type = 'car'
        OR transportation_type = 'hired-car' OR transportation_type = 'bus' OR transportation_type = 'light-rail'),
      start_date REAL NOT NULL CHECK (start_date >= -63145526400 AND start_date < 252423993600),
      duration REAL NOT NULL CHECK (duration >= 0 AND duration < 9e999),
      CONSTRAINT journey_ends_before_10000 CHECK (start_date + duration < 252423993600)
    ) STRICT;
    INSERT INTO journey_v5 (rowid, id, name, transportation_type, start_date, duration)
      SELECT rowid, id, name, transportation_type, start_date, duration FROM journey ORDER BY rowid;
    DROP TABLE journey;
    ALTER TABLE journey_v5 RENAME TO journey;
    CREATE INDEX journey_by_type ON journey (transportation_type, start_date);
    CREATE INDEX journey_by_start ON journey (start_date);

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

  /// The name of the journey table's CHECK constraint on a journey's end, since version 5.
  static let endBoundConstraint = "journey_ends_before_10000"
}
