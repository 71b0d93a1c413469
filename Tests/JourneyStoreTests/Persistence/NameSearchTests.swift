import Foundation
import Testing
@testable import JourneyStore

/// `JourneyQuery.nameContaining`: one definition (`NameSearch`), answered by SQLite for the file
/// and in memory for unsaved edits, and the same as `list --search` always was.
@Suite("Searching names")
struct NameSearchTests {
  /// Names that stress the definition: case, non-ASCII letters in both normal forms, LIKE's
  /// wildcards, quotes, NUL, a CR LF, emoji.
  static let names = [
    "Coast Road", "coast road", "COAST ROAD trip", "Café au lait", "Cafe\u{301} au lait", "CAFÉ",
    "İstanbul", "Straße", "STRASSE", "ΣΑΣ", "100% off", "a_b", "ab", "O'Brien's \"bus\"",
    "with\u{0}nul", "two\r\nlines", "🚲 ride", "", "x",
  ]
  static let searches = [
    "road", "ROAD", "coast road", "é", "e\u{301}", "É", "e", "cafe", "i", "İ", "ß", "ss", "σ", "%", "_",
    "'", "\"", "\u{0}", "\n", "\r", "\r\n", "🚲", "", "a_b", "O'B", "ride", "x", "with\u{0}n",
  ]

  /// What `list --search` has always done (the standard library's `lowercased()` and
  /// `contains`), written out: the text's characters found in a row among the name's, both
  /// lowercased; the empty text is in every name. Spelled out because this module imports
  /// Foundation, whose `contains` differs (the empty text is in no name, `\n` is in `\r\n`).
  static func reference(_ name: String, _ search: String) -> Bool {
    let (name, search) = (Array(name.lowercased()), Array(search.lowercased()))
    guard !search.isEmpty else { return true }
    guard search.count <= name.count else { return false }
    return (0...(name.count - search.count)).contains { Array(name[$0..<$0 + search.count]) == search }
  }

  @Test func theDefinitionIsTheOldSearchForEveryNameAndText() {
    for search in Self.searches {
      let nameSearch = NameSearch(search)
      for name in Self.names {
        #expect(nameSearch.matches(name) == Self.reference(name, search), "\(name.debugDescription) ∋ \(search.debugDescription)")
      }
    }
  }

  @Test func theFileAndMemoryAgree() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    try database.add(contentsOf: Self.names.enumerated().map { index, name in
      Journey(name: name, startDate: Fixtures.morning.addingTimeInterval(Double(index)))
    })
    let reopened = try Fixtures.database(in: folder)
    for search in Self.searches {
      let query = JourneyQuery(nameContaining: search)
      let expected = Self.names.filter { Self.reference($0, search) }
      let found = try reopened.journeys(query)
      #expect(found.map(\.name) == expected, "search \(search.debugDescription)")
      #expect(found.allSatisfy(query.matches), "search \(search.debugDescription)")
      #expect(try reopened.count(query) == expected.count, "search \(search.debugDescription)")
      var streamed: [String] = []
      try reopened.forEachJourney(query) { streamed.append($0.name) }
      #expect(streamed == expected, "search \(search.debugDescription)")
    }
  }

  @Test func theTextIsBoundAsAValueNotWrittenIntoTheSQL() {
    let text = "x%' OR 1 --"
    let (sql, values) = JourneyQuery(nameContaining: text).sqlClauses
    #expect(!sql.contains(text) && !sql.contains("LIKE"), "\(sql)")
    #expect(values.contains(.text(text)))
  }

  /// A rare name would otherwise have SQLite walk the start-date index and read every row
  /// through it, one random read each: the order comes from sorting the matches instead.
  @Test func aSearchScansTheTableInsteadOfWalkingAnIndexInOrder() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    for query in [JourneyQuery(nameContaining: "x", limit: 20), JourneyQuery(nameContaining: "x", sortedBy: [.ascending(.duration)])] {
      let (clauses, values) = query.sqlClauses
      var plan: [String] = []
      try database.connection.forEachRow("EXPLAIN QUERY PLAN SELECT * FROM journey\(clauses)", values) { row in
        plan.append(row.text(at: 3))
      }
      #expect(plan.contains { $0.hasPrefix("SCAN journey") && !$0.contains("INDEX") }, "plan: \(plan)")
      #expect(plan.contains { $0.contains("TEMP B-TREE FOR ORDER BY") }, "plan: \(plan)")
    }
  }

  @Test func anUnsavedRenameMovesAJourneyIntoAndOutOfASearch() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let (harbour, hill, ride) = (
      Journey(name: "Harbour walk", startDate: Fixtures.morning),
      Journey(name: "Hill climb", startDate: Fixtures.morning + 60),
      Journey(name: "Evening ride", startDate: Fixtures.morning + 120))
    try database.add(contentsOf: [harbour, hill, ride])
    let query = JourneyQuery(nameContaining: "WALK")
    let live = database.liveJourneys(query)
    #expect(live.journeys.map(\.name) == ["Harbour walk"])

    ride.name = "Evening walk"  // unsaved: now in
    #expect(try database.journeys(query).map(\.name) == ["Harbour walk", "Evening walk"])
    #expect(live.journeys.map(\.name) == ["Harbour walk", "Evening walk"])
    harbour.name = "Harbour sail"  // unsaved: now out
    #expect(try database.journeys(query).map(\.name) == ["Evening walk"])
    #expect(live.journeys.map(\.name) == ["Evening walk"])
    #expect(try database.count(query) == 1, "the file still has the saved names")

    try database.save()
    #expect(try database.count(query) == 1)
    #expect(try Fixtures.database(in: folder).journeys(query).map(\.name) == ["Evening walk"])
    hill.name = "Hill walk"
    #expect(live.journeys.map(\.name) == ["Hill walk", "Evening walk"])
    database.rollback()
    #expect(live.journeys.map(\.name) == ["Evening walk"])
  }

  @Test func aWindowOfASearchHasItsLimitAndOffset() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    try database.add(contentsOf: (0..<20).map { index in
      Journey(name: index.isMultiple(of: 2) ? "Even \(index)" : "Odd \(index)", startDate: Fixtures.morning + Double(index))
    })
    let window = JourneyQuery(nameContaining: "even", limit: 3, offset: 2)
    #expect(try database.journeys(window).map(\.name) == ["Even 4", "Even 6", "Even 8"])
    #expect(try database.count(window) == 10)
    var reversed = window
    reversed.isReversed = true
    #expect(try database.journeys(reversed).map(\.name) == ["Even 14", "Even 12", "Even 10"])
    // An unsaved rename inside the window's range keeps the window full and in order.
    let journeys = try database.journeys(JourneyQuery())
    journeys[5].name = "Even now"
    #expect(try database.journeys(window).map(\.name) == ["Even 4", "Even now", "Even 6"])
  }

  /// A window of a search is read from the start of the order when that holds enough matches
  /// (a common text), and by every name otherwise (a rare one): the same journeys either way,
  /// ties by rowid included.
  @Test func aWindowOfASearchIsTheSameFromTheStartOfTheOrderOrFromEveryName() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    try database.add(contentsOf: (0..<600).map { index in
      let name = index == 590 ? "Rare \(index)" : index.isMultiple(of: 3) ? "Common \(index)" : "Other \(index)"
      return Journey(name: name, startDate: Fixtures.morning + Double(index / 2), duration: Double(index % 7))
    })
    let reopened = try Fixtures.database(in: folder)
    for text in ["common", "RARE", "other 1", "nothing"] {
      for (sort, descending) in [(JourneyField.startDate, false), (.startDate, true), (.duration, false)] {
        var all = JourneyQuery(nameContaining: text, sortedBy: [.ascending(sort)])
        all.isReversed = descending
        let everything = try reopened.journeys(all)
        for (offset, limit) in [(0, 5), (10, 5), (150, 30), (0, 1_000)] {
          var window = all
          (window.limit, window.offset) = (limit, offset)
          let expected = everything.dropFirst(offset).prefix(limit).map(\.id)
          #expect(try reopened.journeys(window).map(\.id) == Array(expected), "\(text) by \(sort.name) \(descending) \(offset)+\(limit)")
          #expect(database.liveJourneys(window).journeys.map(\.id) == Array(expected))
        }
      }
    }
    // The start of the order fills a window of a common text, not one of a rare text.
    func prefixRows(_ text: String) throws -> Int {
      let (sql, values) = try #require(JourneyQuery(nameContaining: text, limit: 5, offset: 10).searchPrefixSQL)
      var rows = 0
      try reopened.connection.forEachRow(sql, values) { _ in rows += 1 }
      return rows
    }
    #expect(try prefixRows("common") == 5)
    #expect(try prefixRows("rare") == 0)
    #expect(JourneyQuery(nameContaining: "x", limit: 5, offset: .max).searchPrefixSQL == nil)
  }

  /// Bytes that are not UTF-8, written by another program: the search compares them as U+FFFD,
  /// and the journey it finds is refused by name when read (never shown repaired); a search that
  /// does not find it reads the others; nothing crashes.
  @Test func namesThatAreNotUTF8AreSearchedButNeverShownRepaired() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let broken = Journey(name: "placeholder", startDate: Fixtures.morning)
    let plain = Journey(name: "Plain", startDate: Fixtures.morning + 60)
    try database.add(contentsOf: [broken, plain])
    let other = try Fixtures.connection(to: database)
    // "Caf", a lone continuation byte, NUL, "X".
    try other.run("UPDATE journey SET name = CAST(X'436166A90058' AS TEXT) WHERE id = ?", [.text(broken.id.lowercasedText)])
    let reopened = try Fixtures.database(in: folder)
    #expect(throws: JourneyDatabaseError.self) { try reopened.journey(id: broken.id) }
    for (search, count) in [("caf", 1), ("\u{FFFD}", 1), ("\u{0}x", 1), ("ain", 1), ("\u{A9}", 0)] {
      #expect(try reopened.count(JourneyQuery(nameContaining: search)) == count, "\(search.debugDescription)")
    }
    #expect(try reopened.journeys(JourneyQuery(nameContaining: "ain")).map(\.name) == ["Plain"])
    #expect(try reopened.journeys(JourneyQuery(nameContaining: "\u{A9}")).isEmpty)
    #expect(throws: JourneyDatabaseError.self) { try reopened.journeys(JourneyQuery(nameContaining: "caf")) }
  }
}
