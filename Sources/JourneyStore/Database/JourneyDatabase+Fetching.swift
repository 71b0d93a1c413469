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
    try checkOpen()
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
    try checkOpen()
    let id = try resolveID(text)
    guard let journey = try journey(id: id) else { throw JourneyDatabaseError.journeyNotFound(text) }
    return journey
  }

  /// The managed journeys that a query selects, in its order, by the values the caller sees:
  /// a journey whose unsaved edit takes it out of the filter is not among them, one whose
  /// unsaved edit brings it in is, and the order follows unsaved edits too.
  ///
  /// ```swift
  /// let journeys = try database.journeys()                      // fails on an unreadable row
  /// var unreadable: [JourneyDatabaseError] = []
  /// let readable = try database.journeys(onUnreadable: { unreadable.append($0) })  // the rest
  /// ```
  /// - Parameters:
  ///   - query: What to select, in which order, how many.
  ///   - onUnreadable: Called for each row roadtrip cannot read as it is (a value another
  ///     program stored that the model cannot hold, `JourneyDatabaseError.unreadableValue`, or
  ///     an id that is not a lowercase UUID, `.foreignID`), which is then left out; it counts
  ///     toward the query's limit. What it throws ends the fetch and is rethrown. By default it
  ///     rethrows the error: the fetch fails at the first such row.
  /// - Returns: The journeys, without the rows left out.
  /// - Throws: What `onUnreadable` throws, or `SQLiteError`.
  public func journeys(
    _ query: JourneyQuery = JourneyQuery(), onUnreadable: (JourneyDatabaseError) throws -> Void = { throw $0 }
  ) throws -> [Journey] {
    try checkOpen()
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
    func read(_ row: Statement) throws(JourneyDatabaseError) -> (journey: Journey, rowID: Int64)? {
      rowsRead += 1
      let id = try JourneyRow.readableID(of: row)
      guard !editedIDs.contains(id) else { return nil }
      let rowID = row.integer(at: Int32(JourneyField.all.count + 1))
      if let journey = identityMap.object(id) { return (journey, rowID) }
      return (try manage(id: id, values: JourneyRow.fieldValues(of: row)), rowID)
    }
    func take(_ entry: (journey: Journey, rowID: Int64)?) {
      if let entry { journeys.append(entry) }
    }
    // A window of a search is read from the start of the order first, and from every name when
    // that start holds too few matches.
    if let (sql, values) = fileQuery.searchPrefixSQL {
      // The rows left out of the first read are reported once it stands: the second reads them again.
      var unreadable: [JourneyDatabaseError] = []
      try journeyTable.forEachReadableRow(
        sql, values, reading: read, onUnreadable: { unreadable.append($0) }, take)
      if rowsRead < fileQuery.limit ?? 0 {
        (journeys, rowsRead) = ([], 0)
        try journeyTable.forEachReadableRow(
          of: fileQuery, reading: read, onUnreadable: onUnreadable, take)
      } else {
        try unreadable.forEach(onUnreadable)
      }
    } else {
      try journeyTable.forEachReadableRow(
        of: fileQuery, reading: read, onUnreadable: onUnreadable, take)
    }
    let isWindowFull = fileQuery.limit.map { rowsRead >= $0 } ?? false
    for journey in edited where query.matchesUntracked(journey) {
      guard let rowID = try journeyTable.rowID(of: journey.id) else { continue }
      let position = journeys.firstIndex { query.sortsBefore((journey, rowID), $0) } ?? journeys.endIndex
      // Past the end of a full window, rows of the file that were not read may come first.
      if position == journeys.endIndex && isWindowFull { continue }
      journeys.insert((journey, rowID), at: position)
    }
    if let limit = query.limit, journeys.count > limit { journeys.removeLast(journeys.count - limit) }
    return journeys.map(\.journey)
  }

  /// The number of journeys a query's filters select, ignoring its limit and offset.
  public func count(_ query: JourneyQuery = JourneyQuery()) throws -> Int {
    try checkOpen()
    return try journeyTable.count(query)
  }

  /// Starts managing a journey read from the database.
  /// - Throws: `JourneyDatabaseError.unreadableValue` for a row the model cannot hold as it is.
  func manage(id: UUID, values: JourneyValues) throws(JourneyDatabaseError) -> Journey {
    try JourneyRow.checkReadable(id: id.lowercasedText, values: values)
    let journey = JourneyRow.journey(id: id, values: values)
    // Saved as the object holds them: a stored value the model cannot hold is not an edit.
    identityMap.manage(journey, saved: JourneyValues(readingUntracked: journey))
    return journey
  }
}
