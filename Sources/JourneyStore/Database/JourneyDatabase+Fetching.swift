#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// The managed journey with this id, or `nil` when there is none.
  ///
  /// Fetching a journey twice gives the same object.
  public func journey(id: UUID) throws -> Journey? {
    if let object = identityMap.object(id) { return object }
    try markChangeLogPosition()
    guard let values = try JourneyRow.values(of: id, in: connection) else { return nil }
    return try manage(id: id, values: values)
  }

  /// The managed journey whose id is `text`, or starts with it, as git does with hashes.
  /// - Parameter text: A full id, or a prefix of at least 4 hexadecimal digits, in any case.
  /// - Throws: `JourneyDatabaseError.journeyNotFound`, `.ambiguousID` (listing candidates) or
  ///   `.invalidID`.
  public func journey(matching text: String) throws -> Journey {
    let id = try resolveID(text)
    guard let journey = try journey(id: id) else { throw JourneyDatabaseError.journeyNotFound(text) }
    return journey
  }

  /// The id of the one journey whose id is `text` or starts with it.
  /// - Throws: As `journey(matching:)`.
  public func resolveID(_ text: String) throws -> UUID {
    let prefix = text.lowercased()
    guard Self.isIDPrefix(prefix) else { throw JourneyDatabaseError.invalidID(text) }
    return try uniqueID(
      matching: text, in: "SELECT id FROM journey WHERE id >= ?1 AND id < ?1 || 'g' ORDER BY id LIMIT 11")
  }

  /// The one id that `query` (ids from `?1`, the lowercased text, on, at most 11) finds for
  /// `text`, a full id or a prefix of one.
  /// - Throws: `JourneyDatabaseError.journeyNotFound`, or `.ambiguousID` listing candidates and
  ///   their names.
  func uniqueID(matching text: String, in query: String) throws -> UUID {
    var matches: [UUID] = []
    try connection.forEachRow(query, [.text(text.lowercased())]) { row in
      if let id = JourneyRow.id(of: row) { matches.append(id) }
    }
    switch matches.count {
    case 0: throw JourneyDatabaseError.journeyNotFound(text)
    case 1: return matches[0]
    default:
      let candidates = Array(matches.prefix(10))
      // Names tell the candidates apart for a person; a deleted journey has its last one.
      let names = try candidates.map { try lastKnownName(of: $0) ?? "" }
      throw JourneyDatabaseError.ambiguousID(text, candidates: candidates, names: names)
    }
  }

  /// The managed journeys that a query selects, in its order, by the values the caller sees:
  /// a journey whose unsaved edit takes it out of the filter is not among them, one whose
  /// unsaved edit brings it in is, and the order follows unsaved edits too.
  public func journeys(_ query: JourneyQuery = JourneyQuery()) throws -> [Journey] {
    try markChangeLogPosition()
    try catchUpBeforeFetching()
    let edited = identityMap.editedJourneys
    // The file decides for every journey but the edited ones, which are placed by their values
    // now: the SQL reads as many more rows as there are edited journeys, so that taking those
    // out leaves the limit filled.
    var fileQuery = query
    fileQuery.limit = query.limit.map { $0 + edited.count }
    // Each journey with its place in the order: the sort field's value now, then its rowid, as
    // the SQL breaks ties.
    var journeys: [(journey: Journey, rowID: Int64)] = []
    var rowsRead = 0
    let editedIDs = Set(edited.map(\.id))
    func take(_ row: Statement) throws {
      rowsRead += 1
      let id = try JourneyRow.readableID(of: row)
      guard !editedIDs.contains(id) else { return }
      let journey = try identityMap.object(id) ?? manage(id: id, values: JourneyRow.fieldValues(of: row))
      journeys.append((journey, row.integer(at: Int32(JourneyField.all.count + 1))))
    }
    // A window of a search is read from the start of the order first, and from every name when
    // that start holds too few matches.
    if let (sql, values) = fileQuery.searchPrefixSQL {
      try connection.forEachRow(sql, values, take)
      if rowsRead < fileQuery.limit ?? 0 {
        (journeys, rowsRead) = ([], 0)
        try forEachRow(of: fileQuery, take)
      }
    } else {
      try forEachRow(of: fileQuery, take)
    }
    let isWindowFull = fileQuery.limit.map { rowsRead >= $0 } ?? false
    for journey in edited where query.matches(journey) {
      guard let rowID = try connection.firstValue("SELECT rowid FROM journey WHERE id = ?", [.text(journey.id.lowercasedText)])?.integer
      else { continue }
      let position = journeys.firstIndex { query.sortsBefore((journey, rowID), $0) } ?? journeys.endIndex
      // Past the end of a full window, rows of the file that were not read may come first.
      if position == journeys.endIndex && isWindowFull { continue }
      journeys.insert((journey, rowID), at: position)
    }
    if let limit = query.limit, journeys.count > limit { journeys.removeLast(journeys.count - limit) }
    return journeys.map(\.journey)
  }

  /// Hands each journey a query selects to `body`, one at a time, as a new unmanaged object,
  /// without holding them all in memory: for exports and long listings.
  public func forEachJourney(_ query: JourneyQuery = JourneyQuery(), _ body: (Journey) throws -> Void) throws {
    try forEachRow(of: query) { row in
      let id = try JourneyRow.readableID(of: row)
      let values = JourneyRow.fieldValues(of: row)
      try JourneyRow.checkReadable(id: id.lowercasedText, values: values)
      try body(JourneyRow.journey(id: id, values: values))
    }
  }

  /// The number of journeys a query's filters select, ignoring its limit and offset.
  public func count(_ query: JourneyQuery = JourneyQuery()) throws -> Int {
    var query = query
    query.limit = nil
    query.offset = 0
    let (clauses, values) = query.sqlClauses
    let count = try connection.firstValue("SELECT count(*) FROM journey\(clauses)", values)
    return Int(count?.integer ?? 0)
  }

  /// Hands `body` the rows a query selects: the id, the fields, then the rowid.
  private func forEachRow(of query: JourneyQuery, _ body: (Statement) throws -> Void) throws {
    let (clauses, values) = query.sqlClauses
    try connection.forEachRow("SELECT \(JourneyRow.columns), rowid FROM journey\(clauses)", values, body)
  }

  /// Starts managing a journey read from the database.
  /// - Throws: `JourneyDatabaseError.unreadableValue` for a row the model cannot hold as it is.
  func manage(id: UUID, values: [DatabaseValue]) throws -> Journey {
    try JourneyRow.checkReadable(id: id.lowercasedText, values: values)
    let journey = JourneyRow.journey(id: id, values: values)
    // Saved as the object holds them: a stored value the model cannot hold is not an edit.
    identityMap.manage(journey, saved: JourneyRow.values(of: journey))
    return journey
  }

  /// Whether `text` (lowercased) is a full id or the start of one with at least 4 hex digits.
  private static func isIDPrefix(_ text: String) -> Bool {
    let template = Array("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx".utf8)
    let bytes = Array(text.utf8)
    guard bytes.count <= template.count, bytes.filter({ $0 != UInt8(ascii: "-") }).count >= 4 else { return false }
    return zip(bytes, template).allSatisfy { byte, expected in
      expected == UInt8(ascii: "-")
        ? byte == expected
        : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
  }
}

extension JourneyDatabase {
  /// Writes the journeys a query selects straight from the database rows, without making journey
  /// objects: the fast path of `export` and of listings in interchange formats.
  /// - Throws: What the writer's output throws, or `SQLiteError`.
  public func write(_ query: JourneyQuery = JourneyQuery(), to writer: inout JourneyWriter) throws {
    let (clauses, values) = query.sqlClauses
    try connection.forEachRow("SELECT \(JourneyRow.columns) FROM journey\(clauses)", values) { row in
      try writer.write(row: row)
    }
  }
}
