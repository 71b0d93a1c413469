extension Schema {
  /// A large insert logged as a range of rowids (BENCHMARKS.md, P1): an import wrote a log row
  /// and its index entries for every journey, a large part of its time; it now writes one
  /// `change_range` row and one `change` row.
  ///
  /// - `change_range`: `batch` inserted `journeys` journeys one after the other, from
  ///   `first_journey` to `last_journey` (by id, so that a program that copies the table and
  ///   gives its rows other rowids, in the same order, keeps the range true): the journeys whose
  ///   rowids go from `first_journey`'s on. Their log rows are those the batch would hold, one
  ///   `insert` per journey, with ids `first_change` plus the journey's place in the range. The
  ///   batch's last journey has a real `change` row, right after them (id `first_change +
  ///   journeys`): ids are given above the largest, so no other row can take the range's ids.
  /// - A range stays a range only while its journeys are the ones its batch inserted, in a row:
  ///   before a journey leaves a rowid (a delete, a change of id or of rowid, an `INSERT OR
  ///   REPLACE` of its id or rowid), the range is *resolved*: its rows are written into `change`
  ///   with exactly those ids, and the range goes. roadtrip's own deletes do it in `Batch`; the triggers below do it for every
  ///   other program (and resolve every range at the first such row of a statement, so that the
  ///   statement's own log rows stay together in one batch). A rowid no longer used is the only
  ///   one SQLite gives again, so a rowid of a range is never given to another journey while the
  ///   range stands.
  static let version7 = """
    CREATE TABLE change_range (
      id INTEGER PRIMARY KEY,
      batch INTEGER NOT NULL REFERENCES batch (id),
      first_journey TEXT NOT NULL,
      last_journey TEXT NOT NULL,
      journeys INTEGER NOT NULL CHECK (journeys >= 1),
      first_change INTEGER NOT NULL
    ) STRICT;

    CREATE TRIGGER journey_resolves_range_delete BEFORE DELETE ON journey
    WHEN EXISTS (SELECT 1 FROM change_range)
    BEGIN
      INSERT INTO change (id, batch, journey, kind)
        SELECT r.first_change + j.rowid - f.rowid, r.batch, j.id, 'insert'
        FROM change_range r JOIN journey f ON f.id = r.first_journey
        JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1;
      DELETE FROM change_range;
    END;

    CREATE TRIGGER journey_resolves_range_move BEFORE UPDATE ON journey
    WHEN (OLD.id IS NOT NEW.id OR OLD.rowid IS NOT NEW.rowid) AND EXISTS (SELECT 1 FROM change_range)
    BEGIN
      INSERT INTO change (id, batch, journey, kind)
        SELECT r.first_change + j.rowid - f.rowid, r.batch, j.id, 'insert'
        FROM change_range r JOIN journey f ON f.id = r.first_journey
        JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1;
      DELETE FROM change_range;
    END;

    CREATE TRIGGER journey_resolves_range_replace BEFORE INSERT ON journey
    WHEN EXISTS (SELECT 1 FROM change_range)
      AND EXISTS (SELECT 1 FROM journey WHERE id = NEW.id OR rowid = NEW.rowid)
    BEGIN
      INSERT INTO change (id, batch, journey, kind)
        SELECT r.first_change + j.rowid - f.rowid, r.batch, j.id, 'insert'
        FROM change_range r JOIN journey f ON f.id = r.first_journey
        JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1;
      DELETE FROM change_range;
    END;
    """
}
