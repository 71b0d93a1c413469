import Foundation
import Testing
@testable import JourneyStore

/// The order of names (`NameOrder`): case and accents aside, the same for SQLite (by the key
/// function) and for Swift, a total order.
@Suite("The order of names")
struct NameOrderTests {
  /// Names that stress the order: case, Latin letters with diacritics in both normal forms,
  /// letters folded into two, other scripts, marks alone, digits, punctuation, the empty name.
  static let names = [
    "Zebra", "abc", "émile", "Emile", "emile", "E\u{301}mile", "e\u{301}mile", "Eliot", "Emma", "Ångström",
    "angle", "Œuvre", "oeuvre", "Oeuvre", "Straße", "strasse", "STRASSE", "Ørsted", "Orsted", "Łódź", "lodz",
    "ǅemal", "dzemal", "ΣΑΣ", "σας", "Ärger", "arger", "a", "A", "", "\u{301}", "e\u{301}", "é", "e", "E",
    "10 km", "9 km", "co-op", "coop", "İstanbul", "istanbul", "ıstanbul", "Ædes", "aedes", "🚲 ride",
  ]

  @Test(arguments: [
    ("abc", "Zebra"), ("angle", "Ångström"), ("Ångström", "Eliot"), ("Eliot", "émile"), ("émile", "Emma"),
    ("Emile", "emile"), ("emile", "Émile"), ("Émile", "émile"), ("e", "é"), ("oeuvre", "Œuvre"),
    ("Œuvre", "Zebra"), ("STRASSE", "Straße"), ("Orsted", "Ørsted"), ("lodz", "Łódź"), ("dzemal", "ǅemal"),
    ("", "a"), ("A", "a"), ("a", "abc"), ("Straße", "Strassen"),
  ])
  func namesSortCaseAndAccentsAside(_ first: String, _ second: String) {
    #expect(NameOrder.compare(first, second) == -1)
    #expect(NameOrder.compare(second, first) == 1)
  }

  @Test func aNameAndItsDecomposedFormSortTogether() {
    let sorted = ["Emma", "e\u{301}mile", "Eliot", "emile", "Zebra", "émile"].sorted { NameOrder.compare($0, $1) < 0 }
    #expect(sorted == ["Eliot", "emile", "e\u{301}mile", "émile", "Emma", "Zebra"])
  }

  @Test func itIsATotalOrder() {
    let names = Self.names
    for a in names {
      #expect(NameOrder.compare(a, a) == 0)
      for b in names where a.utf8.elementsEqual(b.utf8) == false {
        #expect(NameOrder.compare(a, b) == -NameOrder.compare(b, a), "\(a) \(b)")
        #expect(NameOrder.compare(a, b) != 0, "\(a) \(b): only equal bytes are equal")
        for c in names where NameOrder.compare(a, b) < 0 && NameOrder.compare(b, c) < 0 {
          #expect(NameOrder.compare(a, c) < 0, "\(a) < \(b) < \(c)")
        }
      }
    }
  }

  /// SQLite's order (by the key function, then the bytes) and the Swift comparison are one order:
  /// the file sorted by SQL and the same names sorted in memory agree, for every name above and
  /// bytes that are not UTF-8.
  @Test func sqliteAndSwiftAgree() throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    for name in Self.names { try database.add(Journey(name: name)) }
    // Another program's bytes that are not UTF-8, beside the name they spell in Latin-1.
    try database.connection.execute("UPDATE journey SET name = CAST(X'C96D696C65' AS TEXT) WHERE name = 'lodz'")
    var stored: [[UInt8]] = []
    let byName = JourneyQuery.SortKey(.name).sqlTerms(reversed: false, usingIndex: true).joined(separator: ", ")
    try database.connection.forEachRow("SELECT name FROM journey ORDER BY \(byName), rowid") { row in
      row.withText(at: 0) { stored.append(Array($0)) }
    }
    // As Swift compares them: by their keys, then by their bytes.
    func key(_ bytes: [UInt8]) -> [UInt8] {
      var key: [UInt8] = []
      bytes.withUnsafeBufferPointer { NameOrder.appendKey(of: $0, to: &key) }
      return key
    }
    let inMemory = stored.sorted { a, b in
      key(a) != key(b) ? key(a).lexicographicallyPrecedes(key(b)) : a.lexicographicallyPrecedes(b)
    }
    #expect(stored.count == Self.names.count)
    #expect(stored == inMemory)
  }

  @Test func latinLettersFoldToTheirBaseLetters() {
    func folded(_ scalar: Unicode.Scalar) -> String? {
      LatinFolding.fold(scalar).map { first, second in
        String(decoding: [first] + (second.map { [$0] } ?? []), as: UTF8.self)
      }
    }
    #expect(folded("É") == "e")
    #expect(folded("ǻ") == "a")    // a with ring above and acute
    #expect(folded("Ø") == "o")
    #expect(folded("ß") == "ss")
    #expect(folded("ẞ") == "ss")
    #expect(folded("Æ") == "ae")
    #expect(folded("œ") == "oe")
    #expect(folded("ǅ") == "dz")
    #expect(folded("ı") == "i")
    #expect(folded("ẹ") == "e")    // Latin Extended Additional
    #expect(folded("Þ") == nil)
    #expect(folded("×") == nil)
    #expect(folded("Σ") == nil)
    #expect(LatinFolding.isCombiningMark("\u{301}"))
    #expect(!LatinFolding.isCombiningMark("e"))
  }
}
