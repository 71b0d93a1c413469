#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a `JourneyDatabase` refused a request. Failures of SQLite itself are thrown as `SQLiteError`.
///
/// Its messages speak of the library (`upgradeSchema()`, `checkIntegrity()`); a program that
/// reports them adds its own advice (a command line names its commands and options).
public enum JourneyDatabaseError: Error, Equatable, Sendable {
  /// No journey has this id, or an id starting with this prefix.
  case journeyNotFound(String)
  /// More than one journey's id starts with this prefix; `candidates` lists some of them, and
  /// `names` their names (or last names, for deleted journeys), in the same order.
  case ambiguousID(String, candidates: [UUID], names: [String] = [])
  /// Neither an id nor a prefix of one: ids are written in hexadecimal, and a prefix has at least 4 digits.
  case invalidID(String)
  /// A journey with this id is already in the database.
  case duplicateID(UUID)
  /// Other processes deleted these managed journeys, which had unsaved edits: `save()` saved the
  /// others, and kept these edits, unsaved (`rollback()` discards them).
  case deletedElsewhere([UUID])
  /// The file was written by a newer version of roadtrip; it is left untouched.
  case newerSchema(path: String, version: Int64, supported: Int64)
  /// The file is a SQLite database, but not a roadtrip one; it is left untouched.
  case notARoadtripDatabase(path: String)
  /// The database has an older schema, which a read does not upgrade: reading its change log
  /// needs an upgrade (`JourneyDatabase.upgradeSchema()`, or any write). An empty file opened
  /// read-only has version 0.
  case needsMigration(path: String, version: Int64)
  /// The database file or one of its folders could not be created.
  case cannotCreate(path: String, reason: String)
  /// The path names something other than a regular file: a device, a FIFO, a folder.
  case notARegularFile(path: String)
  /// The database file, or a file SQLite keeps beside it, belongs to another user or may be
  /// written by others, as `reason` says with what to do; it is left untouched.
  case untrustedFile(path: String, reason: String)
  /// A backup cannot be restored, for `reason`; nothing was changed.
  case unusableBackup(path: String, reason: String)
  /// The file's schema version (`PRAGMA user_version`) is one no version of roadtrip writes,
  /// such as a negative number: its header is damaged. It is left untouched.
  case invalidSchemaVersion(path: String, version: Int64)
  /// Undoing or redoing the batch would overwrite newer changes, listed (the first few of them);
  /// nothing was changed. `force` reverts it anyway.
  case revertConflict(kind: BatchKind, batch: Int64, origin: String, conflicts: [RevertConflict])
  /// Nothing kept in the change log can be undone: `history prune` dropped the batches before
  /// `batch`, the newest of them committed at `date`; or a restore at `date` put back a backup,
  /// whose batches are older than what it replaced.
  case historyPruned(batch: Int64, date: Date)
  /// roadtrip's tables, indexes or triggers are missing or do not match the file's schema
  /// version: another program changed them. Nothing is written to such a file.
  case damagedSchema(path: String, problems: [String])
  /// A journey holds a value another program stored that roadtrip cannot read as it is (a type
  /// it does not know, a date stored as text); showing it would show a default instead.
  case unreadableValue(id: String, field: String, value: String)
  /// A journey's id is not a lowercase UUID, as roadtrip writes ids (another program stored
  /// it): commands that name journeys by id could not find it.
  case foreignID(String)
  /// An undo or redo would put back a value the database refuses: another program stored it past
  /// the table's CHECK constraints, and the log kept it. Nothing was changed.
  case refusedValue(kind: BatchKind, batch: Int64, origin: String, id: String, field: String, value: String)
  /// The database was closed (`JourneyDatabase.close()`): open the file again to use it.
  case closed(path: String)
}

extension JourneyDatabaseError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .journeyNotFound(let id):
      return "no journey has an id starting with '\(id)'"
    case .ambiguousID(let prefix, let candidates, let names):
      let list = candidates.enumerated().map { index, id in
        id.lowercasedText + (names.indices.contains(index) ? " (\(names[index]))" : "")
      }.joined(separator: ", ")
      return "the id prefix '\(prefix)' is ambiguous; it matches \(list); type more digits"
    case .invalidID(let text):
      return "'\(text)' is not a journey id; use the id, or at least its first 4 hexadecimal digits"
    case .duplicateID(let id):
      return "a journey with the id \(id.lowercasedText) already exists"
    case .deletedElsewhere(let ids):
      let list = ids.map(\.lowercasedText).joined(separator: ", ")
      return "another program deleted \(ids.count == 1 ? "the journey" : "the journeys") \(list), "
        + "whose edits were not saved; the other edits were"
    case .newerSchema(let path, let version, let supported):
      return "\(path) has schema version \(version), newer than this JourneyStore knows (\(supported)); "
        + "a newer version reads it"
    case .notARoadtripDatabase(let path):
      return "\(path) is a SQLite database, but not a roadtrip one; choose another file"
    case .needsMigration(let path, let version):
      return "\(path) has the older schema version \(version), and its change log is read at version "
        + "\(Schema.currentVersion): upgradeSchema() upgrades it, as any write does"
    case .cannotCreate(let path, let reason):
      return "cannot create \(path): \(reason)"
    case .notARegularFile(let path):
      return "\(path) is not a regular file (a device, a FIFO or a folder); choose a database file"
    case .untrustedFile(let path, let reason):
      return "refusing to use \(path): \(reason)"
    case .unusableBackup(let path, let reason):
      return "\(path) cannot be restored: \(reason); choose another backup"
    case .invalidSchemaVersion(let path, let version):
      return "\(path) has the schema version \(version), which no roadtrip writes: its header is damaged; "
        + "restore a backup"
    case .revertConflict(let kind, let batch, let origin, let conflicts):
      let list = conflicts.map(\.description).joined(separator: "; ")
      return "cannot \(kind.rawValue) batch \(batch) (\(origin)) without overwriting newer changes: \(list)"
    case .damagedSchema(let path, let problems):
      return "the schema of \(path) is damaged (\(problems.joined(separator: "; "))): another program changed "
        + "roadtrip's tables, and nothing was written. checkIntegrity() lists what is wrong; the journeys can "
        + "still be read when only the change log is damaged; or restore a backup"
    case .unreadableValue(let id, let field, let value):
      return "journey \(id) holds a \(field) roadtrip cannot read (\(value), written by another program); "
        + "an edit of that field repairs it, and checkIntegrity() lists every such journey"
    case .foreignID(let id):
      // The command to run names no id: one another program stored could hold shell syntax.
      return "journey '\(id)' has an id roadtrip does not write (a lowercase UUID, written by another program); "
        + "sqlite3 FILE \"UPDATE journey SET id = lower(id) WHERE id <> lower(id)\" repairs ids that are UUIDs "
        + "in capitals"
    case .refusedValue(let kind, let batch, let origin, let id, let field, let value):
      return "cannot \(kind.rawValue) batch \(batch) (\(origin)): it would put back journey \(id)'s \(field) "
        + "\(value), which the database refuses (another program stored it past the table's CHECK constraints); "
        + "nothing was changed"
    case .closed(let path):
      return "the database \(path) was closed; open it again to use it"
    case .historyPruned(let batch, let date):
      return "nothing left to undo: the change log was pruned, or a backup restored, before batch \(batch) "
        + "(at \(date.iso8601)); older changes cannot be undone"
    }
  }
}
