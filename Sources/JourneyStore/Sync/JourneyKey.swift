#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A journey id written as roadtrip writes ids (a lowercase UUID), as its 128 bits: what a sync
/// hashes, compares and sorts its journeys by. Read from the id's UTF-8 bytes in place (a row
/// of a table scan makes no `String`), hashed as 16 bytes rather than 36 characters, compared as
/// two integers; lowercase UUID text sorts as these bits do.
struct JourneyKey: Hashable, Comparable {
  let high: UInt64
  let low: UInt64

  /// The key of an id's UTF-8 bytes, or `nil` for any text other than a lowercase UUID (another
  /// program's id: a sync finds those by their text).
  init?(lowercasedText bytes: UnsafeBufferPointer<UInt8>) {
    guard let id = UUID(lowercasedText: bytes) else { return nil }
    self.init(id)
  }

  /// The key of an id's text, or `nil` for any text other than a lowercase UUID.
  init?(lowercasedText text: String) {
    var text = text
    guard let key = text.withUTF8({ JourneyKey(lowercasedText: $0) }) else { return nil }
    self = key
  }

  init(_ id: UUID) {
    (high, low) = withUnsafeBytes(of: id.uuid) { bytes in
      (
        UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
        UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      )
    }
  }

  /// The id these bits are.
  var id: UUID {
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &value) { raw in
      raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
      raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
    }
    return UUID(uuid: value)
  }

  static func < (left: JourneyKey, right: JourneyKey) -> Bool {
    (left.high, left.low) < (right.high, right.low)
  }
}
