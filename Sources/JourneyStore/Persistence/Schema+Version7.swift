extension Schema {
  /// A large insert logged as a range of rowids (BENCHMARKS.md, "The import's log as a rowid
  /// range, built"): an import of a million journeys wrote a million log rows and their index
  /// entries, a fifth of its time; it now writes one `change_range` row and one `change` row.
  ///
  /// - `change_range`: the journeys with rowids `first_rowid` to `last_rowid` were inserted by
  ///   `batch`, and their log rows are those it would hold, one `insert` per journey, with ids
  ///   `first_change` plus the journey's place in the range. The range's last journey has a real
  ///   `change` row, right after them (id `first_change + last_rowid - first_rowid + 1`): ids are
  ///   given above the largest, so no other row can take the range's ids.
  /// - A range stays a range only while every journey in it is the one its batch inserted: before
  ///   a journey leaves a rowid (a delete, a change of id, an `INSERT OR REPLACE` of its id), the
  ///   range is *resolved*: its rows are written into `change` with exactly those ids, and the
  ///   range goes. roadtrip's own deletes do it in `Batch`; the triggers below do it for every
  ///   other program (and resolve every range at the first such row of a statement, so that the
  ///   statement's own log rows stay together in one batch). A rowid no longer used is the only
  ///   one SQLite gives again, so a rowid of a range is never given to another journey while the
  ///   range stands.
  static let version7 = """
    CREATE TABLE change_range (
      id INTEGER PRIMARY KEY,
      batch INTEGER NOT NULL REFERENCES batch (id),
      first_rowid INTEGER NOT NULL,
      last_rowid INTEGER NOT NULL CHECK (last_rowid >= first_rowid),
      first_change INTEGER NOT NULL
    ) STRICT;

    CREATE TRIGGER journey_resolves_range_delete BEFORE DELETE ON journey
    WHEN EXISTS (SELECT 1 FROM change_range)
    BEGIN
      INSERT INTO change (id, batch, journey, kind)
        SELECT r.first_change + j.rowid - r.first_rowid, r.batch, j.id, 'insert'
        FROM change_range r JOIN journey j ON j.rowid BETWEEN r.first_rowid AND r.last_rowid;
      DELETE FROM change_range;
    END;

    CREATE TRIGGER journey_resolves_range_id_change BEFORE UPDATE OF id ON journey
    WHEN OLD.id IS NOT NEW.id AND EXISTS (SELECT 1 FROM change_range)
    BEGIN
      INSERT INTO change (id, batch, journey, kind)
        SELECT r.first_change + j.rowid - r.first_rowid, r.batch, j.id, 'insert'
        FROM change_range r JOIN journey j ON j.rowid BETWEEN r.first_rowid AND r.last_rowid;
      DELETE FROM change_range;
    END;

    CREATE TRIGGER journey_resolves_range_replace BEFORE INSERT ON journey
    WHEN EXISTS (SELECT 1 FROM change_range) AND EXISTS (SELECT 1 FROM journey WHERE id = NEW.id)
    BEGIN
      INSERT INTO change (id, batch, journey, kind)
        SELECT r.first_change + j.rowid - r.first_rowid, r.batch, j.id, 'insert'
        FROM change_range r JOIN journey j ON j.rowid BETWEEN r.first_rowid AND r.last_rowid;
      DELETE FROM change_range;
    END;
    """
}
