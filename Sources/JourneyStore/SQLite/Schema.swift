/// The database schema: one migration per released version, never edited once released.
///
/// `PRAGMA user_version` holds how many migrations a file has had; `PRAGMA application_id` marks
/// the file as roadtrip's. Every version has a fixture database in `fixtures/` and a test that
/// migrates it.
enum Schema {
  /// `PRAGMA application_id` of a roadtrip database: "RTRP" in ASCII.
  static let applicationID: Int64 = 0x5254_5250

  /// The version this code writes and understands.
  static var currentVersion: Int64 { Int64(migrations.count) }

  /// The SQL that takes a database from version `n` to `n + 1`, at index `n`.
  static let migrations: [String] = [version1, version2]

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
}
