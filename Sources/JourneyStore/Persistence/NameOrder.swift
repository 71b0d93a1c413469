/// The one order of names, used by SQLite (`ORDER BY roadtrip_name_key(name), name`: the SQL
/// function `roadtrip_name_key` is defined on every connection the database opens, and
/// `JourneyQuery.SortKey` names it) and in Swift (a live list placing journeys by their unsaved
/// edits, `compare(_:_:)`), so that the two always agree.
///
/// Names compare case and accents aside, as a person reading a list expects: each has a *key*,
/// made scalar by scalar (ASCII letters lowercased; Latin letters with diacritics to their base
/// letters, `LatinFolding`; combining marks left out; other letters lowercased), and names compare
/// by their keys, scalar by scalar. So `abc` comes before `Zebra`, and `émile`, `Emile` and
/// `emile` come together, between `Eliot` and `Emma`. Names of equal keys compare by their bytes,
/// so that the order is total and never depends on the order of storing: `Emile`, `emile`,
/// `Émile`, `émile`. Bytes that are not UTF-8 (another program's) fold as U+FFFD.
///
/// A key is UTF-8, whose bytes order as its scalars do: SQLite makes it once per row and sorts
/// the keys by their bytes, which costs little more than sorting the names by theirs, where a
/// collation would fold both names of each of the million comparisons of a sort (BENCHMARKS.md).
enum NameOrder {
  /// The name of the SQL function that gives a name's key.
  static let sqlFunction = "roadtrip_name_key"

  /// Defines `sqlFunction` on a connection.
  static func define(on connection: Connection) throws(SQLiteError) {
    try connection.defineTextFunction(sqlFunction, appendKey)
  }

  /// -1, 0 or 1 as the name `a` sorts before, with or after `b`: by their keys, then by their
  /// bytes, as the SQL order does.
  static func compare(_ a: String, _ b: String) -> Int {
    let (keyA, keyB) = (key(of: a), key(of: b))
    if keyA != keyB { return keyA.lexicographicallyPrecedes(keyB) ? -1 : 1 }
    return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : (a.utf8.elementsEqual(b.utf8) ? 0 : 1)
  }

  /// The key of a name.
  static func key(of name: String) -> [UInt8] {
    var name = name
    var key: [UInt8] = []
    name.withUTF8 { appendKey(of: $0, to: &key) }
    return key
  }

  /// Appends the key of the name of bytes `name` to `key`, as UTF-8.
  static func appendKey(of name: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
    key.reserveCapacity(key.count + name.count)
    // ASCII, byte by byte: the common case, and a prefix of every other.
    var index = 0
    while index < name.count, name[index] < 0x80 {
      key.append(lowercase(name[index]))
      index += 1
    }
    guard index < name.count else { return }
    var scalars = FoldedScalars(UnsafeBufferPointer(rebasing: name[index...]))
    while let scalar = scalars.next() {
      if scalar < 0x80 {
        key.append(UInt8(scalar))
      } else {
        key.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
      }
    }
  }

  /// An ASCII byte lowercased.
  private static func lowercase(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }

  /// The scalars of a name's key, one by one, as the type's documentation says.
  private struct FoldedScalars: IteratorProtocol {
    private var bytes: UnsafeBufferPointer<UInt8>.Iterator
    private var decoder = UTF8()
    /// The second letter of a folding into two.
    private var pending: UInt32?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes.makeIterator()
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
