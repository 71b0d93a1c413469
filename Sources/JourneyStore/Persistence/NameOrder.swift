/// The one order of names, used by SQLite (the collation `roadtrip_name`, defined on every
/// connection the database opens, which `JourneyQuery`'s SQL names) and in Swift (a live list
/// placing journeys by their unsaved edits, `JourneyQuery.sortsBefore`), so that the two always
/// agree.
///
/// Names compare case aside and accents aside, as a person reading a list expects: each is
/// folded, scalar by scalar (ASCII letters lowercased; Latin letters with diacritics to their
/// base letters, `LatinFolding`; combining marks left out; other letters lowercased), and the
/// folded forms compare by scalar value. So `abc` comes before `Zebra`, and `émile`, `Emile` and
/// `emile` come together, between `Eliot` and `Emma`. Names whose folded forms are equal compare
/// by their bytes, so that the order is total and never depends on the order of storing:
/// `Emile`, `emile`, `Émile`, `émile`. Bytes that are not UTF-8 (another program's) fold as
/// U+FFFD.
///
/// Plain ASCII is compared byte by byte, without decoding: sorting 100,000 names costs about as
/// much as SQLite's own byte order (BENCHMARKS.md).
enum NameOrder {
  /// The name of the SQL collation.
  static let collation = "roadtrip_name"

  /// Defines `collation` on a connection.
  static func define(on connection: Connection) throws(SQLiteError) {
    try connection.defineCollation(collation, compare)
  }

  /// -1, 0 or 1 as `a` sorts before, with or after `b`.
  static func compare(_ a: String, _ b: String) -> Int {
    var (a, b) = (a, b)
    return a.withUTF8 { a in b.withUTF8 { b in compare(a, b) } }
  }

  /// -1, 0 or 1 as the name of bytes `a` sorts before, with or after that of bytes `b`.
  static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(a.count, b.count)
    var index = 0
    // ASCII, byte by byte: the common case, and a prefix of every other.
    while index < common {
      let (x, y) = (a[index], b[index])
      if x | y >= 0x80 { break }
      if x != y {
        let (foldedX, foldedY) = (lowercase(x), lowercase(y))
        if foldedX != foldedY { return foldedX < foldedY ? -1 : 1 }
      }
      index += 1
    }
    if index < common {
      // From the first byte that is not ASCII on: a scalar boundary in both.
      var x = FoldedScalars(UnsafeBufferPointer(rebasing: a[index...]))
      var y = FoldedScalars(UnsafeBufferPointer(rebasing: b[index...]))
      while true {
        switch (x.next(), y.next()) {
        case (nil, nil): return compareBytes(a, b)
        case (nil, _): return -1
        case (_, nil): return 1
        case let (p?, q?) where p != q: return p < q ? -1 : 1
        default: continue
        }
      }
    }
    // One is a prefix of the other, case aside: the shorter first, unless all the longer goes
    // on with folds to nothing (combining marks), when the bytes decide.
    let longer = a.count < b.count ? b : a
    let rest = FoldedScalars(UnsafeBufferPointer(rebasing: longer[common...]))
    if a.count != b.count, rest.hasNext {
      return a.count < b.count ? -1 : 1
    }
    return compareBytes(a, b)
  }

  /// -1, 0 or 1 as SQLite's BINARY collation orders two texts.
  private static func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    a.lexicographicallyPrecedes(b) ? -1 : (a.elementsEqual(b) ? 0 : 1)
  }

  /// An ASCII byte lowercased.
  private static func lowercase(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }

  /// The folded form of a name, scalar by scalar, as the type's documentation says.
  private struct FoldedScalars: IteratorProtocol {
    private var bytes: UnsafeBufferPointer<UInt8>.Iterator
    private var decoder = UTF8()
    /// The second letter of a folding into two.
    private var pending: UInt32?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes.makeIterator()
    }

    /// Whether the folded form has a scalar left.
    var hasNext: Bool {
      var copy = self
      return copy.next() != nil
    }

    mutating func next() -> UInt32? {
      if let pending {
        self.pending = nil
        return pending
      }
      while true {
        switch decoder.decode(&bytes) {
        case .emptyInput:
          return nil
        case .error:
          return 0xFFFD
        case .scalarValue(let scalar):
          if scalar.isASCII { return UInt32(lowercase(UInt8(scalar.value))) }
          if LatinFolding.isCombiningMark(scalar) { continue }
          if let (first, second) = LatinFolding.fold(scalar) {
            pending = second.map(UInt32.init)
            return UInt32(first)
          }
          guard scalar.properties.changesWhenLowercased else { return scalar.value }
          return scalar.properties.lowercaseMapping.unicodeScalars.first?.value ?? scalar.value
        }
      }
    }
  }
}
