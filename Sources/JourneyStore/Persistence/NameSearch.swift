/// The one definition of a name search, used in memory (`JourneyQuery.matches(_:)`) and by
/// SQLite (the SQL function `roadtrip_name_contains`, defined on every connection the database
/// opens), so that a query's SQL and its check of unsaved edits always agree.
///
/// A name matches when, both lowercased as `String.lowercased()` does, it contains the text as
/// Swift compares strings: character by character (grapheme clusters), by canonical
/// equivalence. So case is ignored, a precomposed `é` finds a decomposed one and the other way
/// round, but `e` does not find `é`, in either form. The empty text matches every name. Bytes
/// that are not UTF-8 (from another program) are compared as U+FFFD; reading such a name then
/// refuses the journey by name.
struct NameSearch {
  /// The text searched for, lowercased.
  let text: String
  /// Its characters.
  private let characters: [Character]
  /// Its bytes, when the fast path can decide: plain ASCII without a carriage return.
  private let plainBytes: [UInt8]?

  init(_ text: String) {
    self.text = text.lowercased()
    characters = Array(self.text)
    plainBytes = Self.isPlain(self.text.utf8) ? Array(self.text.utf8) : nil
  }

  /// The name of the SQL function: `roadtrip_name_contains(name, text)` is 1 when the name
  /// matches the search for `text`.
  static let sqlFunction = "roadtrip_name_contains"

  /// Whether a name matches.
  func matches(_ name: String) -> Bool {
    var name = name
    return name.withUTF8 { matches(utf8: $0) }
  }

  /// Whether a name, given as its stored bytes, matches.
  func matches(utf8 name: UnsafeBufferPointer<UInt8>) -> Bool {
    // Plain ASCII (no carriage return, which is one character with a following line feed) is one
    // character per byte, and lowercases byte by byte: the bytes decide, without making strings.
    if let plainBytes, Self.isPlain(name) {
      return Self.bytes(name, containIgnoringASCIICase: plainBytes)
    }
    return Self.characters(Array(String(decoding: name, as: UTF8.self).lowercased()), contain: characters)
  }

  /// Whether `characters` hold `text` in a row, compared as Swift compares characters; the
  /// empty text is in every name. Written out rather than `String.contains`, whose meaning
  /// depends on the modules imported (Foundation's finds no empty text, and `\n` in `\r\n`).
  private static func characters(_ characters: [Character], contain text: [Character]) -> Bool {
    guard !text.isEmpty else { return true }
    guard text.count <= characters.count else { return false }
    return (0...(characters.count - text.count)).contains { start in
      characters[start..<(start + text.count)].elementsEqual(text)
    }
  }

  /// Defines `sqlFunction` on a connection.
  static func define(on connection: Connection) throws(SQLiteError) {
    try connection.defineTextPredicate(
      sqlFunction, prepare: { NameSearch(String(decoding: $0, as: UTF8.self)) }, test: { $0.matches(utf8: $1) })
  }

  /// Whether bytes are ASCII without a carriage return.
  private static func isPlain(_ bytes: some Sequence<UInt8>) -> Bool {
    bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
  }

  /// Whether ASCII `bytes` contain `lowercased`, ignoring the case of `bytes`.
  private static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, containIgnoringASCIICase lowercased: [UInt8]) -> Bool {
    guard lowercased.count <= bytes.count else { return false }
    guard let first = lowercased.first else { return true }
    return lowercased.withUnsafeBufferPointer { needle in
      for start in 0...(bytes.count - needle.count) where lowercase(bytes[start]) == first {
        var offset = 1
        while offset < needle.count && lowercase(bytes[start + offset]) == needle[offset] { offset += 1 }
        if offset == needle.count { return true }
      }
      return false
    }
  }

  /// An ASCII byte lowercased.
  private static func lowercase(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }
}
