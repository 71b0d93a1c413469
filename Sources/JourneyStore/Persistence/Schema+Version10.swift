extension Schema {
  /// Every row that another program's REPLACE removes is logged as its delete: by id or by rowid,
  /// from an insert or from an update.
  ///
  /// SQLite's REPLACE conflict resolution removes a conflicting row without a delete trigger
  /// (unless `recursive_triggers` is on, which other programs do not set). Until version 9 only
  /// the row of an `INSERT OR REPLACE`'s own id was kept and logged: a row of its rowid, or one
  /// that `UPDATE OR REPLACE` removed by taking its id or its rowid, left the log saying it still
  /// existed (its undo could not bring it back, and sync never sent its delete).
  ///
  /// - `journey_replaced`: the rows a write of one journey row may remove, with their rowid,
  ///   kept just before it (`journey_keeps_replaced` for an insert,
  ///   `journey_keeps_replaced_by_update` for a change of id or rowid): those of its id or its
  ///   rowid but its own. A keeping trigger empties it first, and fires whenever it holds rows,
  ///   so that rows kept for a write that did not happen (`INSERT OR IGNORE`, `OR FAIL`, an
  ///   upsert's update) are gone before the next write reads it. Before an insert, an automatic rowid reads as -1: a
  ///   journey whose rowid is -1 is kept too, and not logged, as it is still there.
  /// - `journey_logs_replaced` and `journey_logs_replaced_by_update`, after the write, log a
  ///   delete for each kept row that is gone (its rowid free, or the written row's own), then
  ///   empty the table. Made after the other logging triggers, they fire before them (SQLite runs
  ///   the newest trigger first), so that a row's delete is logged before the insert or the change
  ///   of id that took its place: undo sets them back in the opposite order.
  /// - A keeping trigger writes between one row's logging and the next: it notes, before its
  ///   writes, whether the batch is open for this statement (`stamp` -1), and after them stamps
  ///   it again, so that one statement that replaces many rows stays one batch (in version 9,
  ///   each row of an `INSERT OR REPLACE` that replaced one opened a batch of its own).
  /// - The triggers that resolve a range (`Schema.version8`, bodies unchanged) stamp the batch
  ///   again the same way: a statement whose later row resolves a range stays one batch.
  /// - `journey_logs_insert` no longer reads `journey_replaced`: an insert that replaced nothing
  ///   runs three statements, not five. The new triggers' `WHEN` asks first what is most often
  ///   false (a row of the id, of the rowid, a kept row), then the batch's state: another
  ///   program's large insert costs less than in version 9 (and more with the state first).
  /// - A write that fails (a plain `INSERT` of an id in use: ABORT) takes its triggers' writes
  ///   back with it; an ignored one (`INSERT OR IGNORE`) leaves only kept rows, which log nothing.
  static let version10 = """
    DROP TRIGGER journey_resolves_range_delete;
    DROP TRIGGER journey_resolves_range_move;
    DROP TRIGGER journey_resolves_range_replace;

    CREATE TRIGGER journey_resolves_range_delete BEFORE DELETE ON journey
    WHEN EXISTS (SELECT 1 FROM change_range WHERE first_delete IS NULL)
    BEGIN
      UPDATE batch SET stamp = -1 WHERE id = (SELECT max(id) FROM batch) AND state = 3
        AND at = (julianday('now') - 2451910.5) * 86400.0 AND stamp = total_changes() - 1;
      INSERT INTO change (id, batch, journey, kind)
        SELECT r.first_change + j.rowid - f.rowid, r.batch, j.id, 'insert'
        FROM change_range r JOIN journey f ON f.id = r.first_journey AND r.first_delete IS NULL
        JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1;
      DELETE FROM change_range WHERE first_delete IS NULL;
      UPDATE batch SET stamp = total_changes()
        WHERE id = (SELECT max(id) FROM batch) AND stamp = -1;
    END;

    CREATE TRIGGER journey_resolves_range_move BEFORE UPDATE ON journey
    WHEN (OLD.id IS NOT NEW.id OR OLD.rowid IS NOT NEW.rowid)
      AND EXISTS (SELECT 1 FROM change_range WHERE first_delete IS NULL)
    BEGIN
      UPDATE batch SET stamp = -1 WHERE id = (SELECT max(id) FROM batch) AND state = 3
        AND at = (julianday('now') - 2451910.5) * 86400.0 AND stamp = total_changes() - 1;
      INSERT INTO change (id, batch, journey, kind)
        SELECT r.first_change + j.rowid - f.rowid, r.batch, j.id, 'insert'
        FROM change_range r JOIN journey f ON f.id = r.first_journey AND r.first_delete IS NULL
        JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1;
      DELETE FROM change_range WHERE first_delete IS NULL;
      UPDATE batch SET stamp = total_changes()
        WHERE id = (SELECT max(id) FROM batch) AND stamp = -1;
    END;

    CREATE TRIGGER journey_resolves_range_replace BEFORE INSERT ON journey
    WHEN EXISTS (SELECT 1 FROM change_range WHERE first_delete IS NULL)
      AND EXISTS (SELECT 1 FROM journey WHERE id = NEW.id OR rowid = NEW.rowid)
    BEGIN
      UPDATE batch SET stamp = -1 WHERE id = (SELECT max(id) FROM batch) AND state = 3
        AND at = (julianday('now') - 2451910.5) * 86400.0 AND stamp = total_changes() - 1;
      INSERT INTO change (id, batch, journey, kind)
        SELECT r.first_change + j.rowid - f.rowid, r.batch, j.id, 'insert'
        FROM change_range r JOIN journey f ON f.id = r.first_journey AND r.first_delete IS NULL
        JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1;
      DELETE FROM change_range WHERE first_delete IS NULL;
      UPDATE batch SET stamp = total_changes()
        WHERE id = (SELECT max(id) FROM batch) AND stamp = -1;
    END;

    DROP TRIGGER journey_keeps_replaced;
    DROP TRIGGER journey_logs_insert;
    DROP TABLE journey_replaced;

    CREATE TABLE journey_replaced (
      journey_rowid INTEGER NOT NULL,
      id TEXT NOT NULL,
      name ANY, transportation_type ANY, start_date ANY, duration ANY
    ) STRICT;

    CREATE TRIGGER journey_keeps_replaced BEFORE INSERT ON journey
    WHEN (EXISTS (SELECT 1 FROM journey WHERE id = NEW.id)
        OR EXISTS (SELECT 1 FROM journey WHERE rowid = NEW.rowid)
        OR EXISTS (SELECT 1 FROM journey_replaced))
      AND (SELECT state FROM batch ORDER BY id DESC LIMIT 1) IS NOT 2
    BEGIN
      UPDATE batch SET stamp = -1 WHERE id = (SELECT max(id) FROM batch) AND state = 3
        AND at = (julianday('now') - 2451910.5) * 86400.0 AND stamp = total_changes() - 1;
      DELETE FROM journey_replaced;
      INSERT INTO journey_replaced
        (journey_rowid, id, name, transportation_type, start_date, duration)
        SELECT rowid, id, name, transportation_type, start_date, duration
        FROM journey WHERE id = NEW.id OR rowid = NEW.rowid;
      UPDATE batch SET stamp = total_changes()
        WHERE id = (SELECT max(id) FROM batch) AND stamp = -1;
    END;

    CREATE TRIGGER journey_keeps_replaced_by_update
    BEFORE UPDATE OF id, rowid, oid, _rowid_ ON journey
    WHEN (EXISTS (SELECT 1 FROM journey
          WHERE (id = NEW.id OR rowid = NEW.rowid) AND rowid <> OLD.rowid)
        OR EXISTS (SELECT 1 FROM journey_replaced))
      AND (SELECT state FROM batch ORDER BY id DESC LIMIT 1) IS NOT 2
    BEGIN
      UPDATE batch SET stamp = -1 WHERE id = (SELECT max(id) FROM batch) AND state = 3
        AND at = (julianday('now') - 2451910.5) * 86400.0 AND stamp = total_changes() - 1;
      DELETE FROM journey_replaced;
      INSERT INTO journey_replaced
        (journey_rowid, id, name, transportation_type, start_date, duration)
        SELECT rowid, id, name, transportation_type, start_date, duration
        FROM journey WHERE (id = NEW.id OR rowid = NEW.rowid) AND rowid <> OLD.rowid;
      UPDATE batch SET stamp = total_changes()
        WHERE id = (SELECT max(id) FROM batch) AND stamp = -1;
    END;

    CREATE TRIGGER journey_logs_insert AFTER INSERT ON journey
    WHEN (SELECT state FROM batch ORDER BY id DESC LIMIT 1) IS NOT 2
    BEGIN
      INSERT INTO batch (at, origin, state, stamp)
      SELECT (julianday('now') - 2451910.5) * 86400.0, 'outside roadtrip', 3, total_changes()
      WHERE NOT EXISTS (
        SELECT 1 FROM batch WHERE id = (SELECT max(id) FROM batch) AND (state = 1 OR (state = 3
          AND at = (julianday('now') - 2451910.5) * 86400.0 AND stamp = total_changes() - 1)));
      INSERT INTO change (batch, journey, kind)
        VALUES ((SELECT max(id) FROM batch), NEW.id, 'insert');
      UPDATE batch SET stamp = total_changes()
        WHERE id = (SELECT max(id) FROM batch) AND state = 3;
    END;

    CREATE TRIGGER journey_logs_replaced AFTER INSERT ON journey
    WHEN EXISTS (SELECT 1 FROM journey_replaced)
      AND (SELECT state FROM batch ORDER BY id DESC LIMIT 1) IS NOT 2
    BEGIN
      INSERT INTO batch (at, origin, state, stamp)
      SELECT (julianday('now') - 2451910.5) * 86400.0, 'outside roadtrip', 3, total_changes()
      WHERE NOT EXISTS (
        SELECT 1 FROM batch WHERE id = (SELECT max(id) FROM batch) AND (state = 1 OR (state = 3
          AND at = (julianday('now') - 2451910.5) * 86400.0 AND stamp = total_changes() - 1)));
      INSERT INTO change
        (batch, journey, kind, old_name, old_transportation_type, old_start_date, old_duration)
        SELECT (SELECT max(id) FROM batch), r.id, 'delete',
          r.name, r.transportation_type, r.start_date, r.duration
        FROM journey_replaced r
        WHERE NOT EXISTS (
          SELECT 1 FROM journey WHERE rowid = r.journey_rowid AND rowid <> NEW.rowid)
        ORDER BY r.rowid;
      DELETE FROM journey_replaced;
      UPDATE batch SET stamp = total_changes()
        WHERE id = (SELECT max(id) FROM batch) AND state = 3;
    END;

    CREATE TRIGGER journey_logs_replaced_by_update
    AFTER UPDATE OF id, rowid, oid, _rowid_ ON journey
    WHEN EXISTS (SELECT 1 FROM journey_replaced)
      AND (SELECT state FROM batch ORDER BY id DESC LIMIT 1) IS NOT 2
    BEGIN
      INSERT INTO batch (at, origin, state, stamp)
      SELECT (julianday('now') - 2451910.5) * 86400.0, 'outside roadtrip', 3, total_changes()
      WHERE NOT EXISTS (
        SELECT 1 FROM batch WHERE id = (SELECT max(id) FROM batch) AND (state = 1 OR (state = 3
          AND at = (julianday('now') - 2451910.5) * 86400.0 AND stamp = total_changes() - 1)));
      INSERT INTO change
        (batch, journey, kind, old_name, old_transportation_type, old_start_date, old_duration)
        SELECT (SELECT max(id) FROM batch), r.id, 'delete',
          r.name, r.transportation_type, r.start_date, r.duration
        FROM journey_replaced r
        WHERE NOT EXISTS (
          SELECT 1 FROM journey WHERE rowid = r.journey_rowid AND rowid <> NEW.rowid)
        ORDER BY r.rowid;
      DELETE FROM journey_replaced;
      UPDATE batch SET stamp = total_changes()
        WHERE id = (SELECT max(id) FROM batch) AND state = 3;
    END;
    """
}
