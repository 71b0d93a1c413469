extension Schema {
  /// An undone range stands for its inserts through the undo's log rows (BENCHMARKS.md, P8):
  /// undoing an import wrote its range out as an `insert` row a journey before deleting them, a
  /// large part of the undo's work.
  ///
  /// - `change_range.first_delete`: `NULL` for a range of journeys in the journey table
  ///   (`Schema.version7`). Otherwise the range is *anchored*: the undo that deleted its journeys
  ///   logged one `delete` row for each, in the range's order, with consecutive ids from
  ///   `first_delete`; those rows' journeys are the range's, whatever the journey table holds
  ///   after (a redo inserts them again, another program may delete or move them).
  /// - The triggers resolve only the ranges that read the journey table (`first_delete IS
  ///   NULL`): an anchored range names no rowid.
  static let version8 = """
    ALTER TABLE change_range ADD COLUMN first_delete INTEGER;

    DROP TRIGGER journey_resolves_range_delete;
    DROP TRIGGER journey_resolves_range_move;
    DROP TRIGGER journey_resolves_range_replace;

    CREATE TRIGGER journey_resolves_range_delete BEFORE DELETE ON journey
    WHEN EXISTS (SELECT 1 FROM change_range WHERE first_delete IS NULL)
    BEGIN
      INSERT INTO change (id, batch, journey, kind)
        SELECT r.first_change + j.rowid - f.rowid, r.batch, j.id, 'insert'
        FROM change_range r JOIN journey f ON f.id = r.first_journey AND r.first_delete IS NULL
        JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1;
      DELETE FROM change_range WHERE first_delete IS NULL;
    END;

    CREATE TRIGGER journey_resolves_range_move BEFORE UPDATE ON journey
    WHEN (OLD.id IS NOT NEW.id OR OLD.rowid IS NOT NEW.rowid)
      AND EXISTS (SELECT 1 FROM change_range WHERE first_delete IS NULL)
    BEGIN
      INSERT INTO change (id, batch, journey, kind)
        SELECT r.first_change + j.rowid - f.rowid, r.batch, j.id, 'insert'
        FROM change_range r JOIN journey f ON f.id = r.first_journey AND r.first_delete IS NULL
        JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1;
      DELETE FROM change_range WHERE first_delete IS NULL;
    END;

    CREATE TRIGGER journey_resolves_range_replace BEFORE INSERT ON journey
    WHEN EXISTS (SELECT 1 FROM change_range WHERE first_delete IS NULL)
      AND EXISTS (SELECT 1 FROM journey WHERE id = NEW.id OR rowid = NEW.rowid)
    BEGIN
      INSERT INTO change (id, batch, journey, kind)
        SELECT r.first_change + j.rowid - f.rowid, r.batch, j.id, 'insert'
        FROM change_range r JOIN journey f ON f.id = r.first_journey AND r.first_delete IS NULL
        JOIN journey j ON j.rowid BETWEEN f.rowid AND f.rowid + r.journeys - 1;
      DELETE FROM change_range WHERE first_delete IS NULL;
    END;
    """
}
