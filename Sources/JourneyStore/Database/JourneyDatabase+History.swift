#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// The changes a query selects, in its order.
  public func changes(_ query: ChangeQuery = ChangeQuery()) throws -> [JourneyChange] {
    try checkOpen()
    var changes: [JourneyChange] = []
    try forEachChange(query) { changes.append($0) }
    return changes
  }

  /// Hands each change a query selects to `body`, one at a time, without holding them all in
  /// memory: for the history of a large import.
  /// - Throws: `JourneyDatabaseError.damagedSchema` when another program damaged the log's
  ///   tables, or `SQLiteError`.
  public func forEachChange(_ query: ChangeQuery = ChangeQuery(), _ body: (JourneyChange) throws -> Void) throws {
    try checkOpen()
    try verifySchema()
    try changeLog.forEachChange(query, body)
  }

  /// The end of the log: the place after every change committed so far.
  /// - Throws: As `forEachChange(_:_:)`.
  public func endOfLog() throws -> JourneyChange.ID {
    try checkOpen()
    try verifySchema()
    return try changeLog.end()
  }

  /// The change log of the file.
  var changeLog: ChangeLog { ChangeLog(connection: connection) }

  /// The journey table's counts, rowids, names and ids by prefix.
  var journeyTable: JourneyTable { JourneyTable(connection: connection) }

  /// The file as a whole: its checks, backups and compaction.
  var file: DatabaseFile { DatabaseFile(path: path, connection: connection) }

  /// The id of the journey whose id is `text` or starts with it, among the journeys that exist
  /// and those the change log remembers (deleted ones).
  /// - Throws: As `resolveID(_:)`.
  public func resolveIDInHistory(_ text: String) throws -> UUID {
    try checkOpen()
    do {
      return try resolveID(text)
    } catch JourneyDatabaseError.journeyNotFound {
      return try uniqueID(matching: text, in: ChangeLog.journeysByPrefix)
    }
  }
}

extension JourneyDatabase {
  /// The name of a journey as it is now, or, for a deleted one, as it was when it was deleted;
  /// `nil` when neither the file nor the log knows it.
  public func lastKnownName(of id: UUID) throws -> String? {
    try checkOpen()
    if let name = try journeyTable.name(of: id) { return name }
    return try changeLog.nameWhenDeleted(id)
  }
}
