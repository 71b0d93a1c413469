/// The encoding of one batch's row changes in a change file, behind one type so that it can be
/// swapped for SQLite's changeset format (the `Changeset` codec) without touching anything else.
///
/// Until then: per change a kind byte (1 insert, 2 update, 3 delete) and the journey table's five
/// columns, each a tag byte (0 not in the change, 1 NULL, 2 INTEGER, 3 REAL, 4 TEXT, 5 BLOB) and
/// its value: 8 bytes little-endian for a number (a REAL by its bits), a 4-byte little-endian
/// length and the bytes for TEXT and BLOB. Every value round-trips exactly.
enum ChangeFileBody {
  static let columnCount = 1 + JourneyField.all.count

  static func encode(_ changes: [SyncRowChange]) -> [UInt8] {
    var bytes: [UInt8] = []
    for change in changes {
      switch change {
      case .insert(let values):
        bytes.append(1)
        for value in values { append(value, to: &bytes) }
      case .update(let old, let new):
        bytes.append(2)
        for value in old { append(value, to: &bytes) }
        for value in new { append(value, to: &bytes) }
      case .delete(let values):
        bytes.append(3)
        for value in values { append(value, to: &bytes) }
      }
    }
    return bytes
  }

  /// - Throws: `ChangeFileError.malformed` when the bytes are not such a body.
  static func decode(_ bytes: ArraySlice<UInt8>) throws -> [SyncRowChange] {
    var reader = ByteReader(bytes: bytes)
    var changes: [SyncRowChange] = []
    while !reader.isAtEnd {
      let kind = try reader.byte()
      func row() throws -> [DatabaseValue?] {
        try (0..<columnCount).map { _ in try reader.value() }
      }
      func full() throws -> [DatabaseValue] {
        let values = try row()
        guard values.allSatisfy({ $0 != nil }) else {
          throw ChangeFileError.malformed("a row lacks a column")
        }
        return values.map { $0! }
      }
      switch kind {
      case 1: changes.append(.insert(try full()))
      case 2:
        let old = try row()
        let new = try row()
        guard old[0] != nil else { throw ChangeFileError.malformed("an update lacks its id") }
        changes.append(.update(old: old, new: new))
      case 3: changes.append(.delete(try full()))
      default: throw ChangeFileError.malformed("unknown change kind \(kind)")
      }
    }
    return changes
  }

  private static func append(_ value: DatabaseValue?, to bytes: inout [UInt8]) {
    func number(_ tag: UInt8, _ bits: UInt64) {
      bytes.append(tag)
      bytes += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) }
    }
    func data(_ tag: UInt8, _ data: [UInt8]) {
      bytes.append(tag)
      bytes += ByteReader.littleEndian(UInt32(data.count))
      bytes += data
    }
    switch value {
    case nil: bytes.append(0)
    case .null: bytes.append(1)
    case .integer(let integer): number(2, UInt64(bitPattern: integer))
    case .real(let real): number(3, real.bitPattern)
    case .text(let text): data(4, Array(text.utf8))
    case .invalidText(let text): data(4, text)
    case .blob(let blob): data(5, blob)
    }
  }
}

/// Reads the parts of a change file, checking every length against what is there.
struct ByteReader {
  var bytes: ArraySlice<UInt8>

  var isAtEnd: Bool { bytes.isEmpty }

  mutating func byte() throws -> UInt8 {
    guard let byte = bytes.popFirst() else { throw ChangeFileError.malformed("it ends early") }
    return byte
  }

  mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
    guard count >= 0, bytes.count >= count else { throw ChangeFileError.malformed("it ends early") }
    let taken = bytes.prefix(count)
    bytes = bytes.dropFirst(count)
    return taken
  }

  mutating func uint32() throws -> UInt32 {
    try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }

  mutating func uint64() throws -> UInt64 {
    try take(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  mutating func value() throws -> DatabaseValue? {
    switch try byte() {
    case 0: return nil
    case 1: return .null
    case 2: return .integer(Int64(bitPattern: try uint64()))
    case 3: return .real(Double(bitPattern: try uint64()))
    case 4:
      let text = Array(try take(Int(try uint32())))
      if let string = String(validating: text, as: UTF8.self) { return .text(string) }
      return .invalidText(text)
    case 5: return .blob(Array(try take(Int(try uint32()))))
    case let tag: throw ChangeFileError.malformed("unknown value tag \(tag)")
    }
  }

  static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
