#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension UUID {
  /// The id as roadtrip writes it everywhere: lowercase, `0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001`.
  var lowercasedText: String {
    var bytes: [UInt8] = []
    appendLowercasedText(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `lowercasedText`, as UTF-8.
  func appendLowercasedText(to bytes: inout [UInt8]) {
    let hex = UInt8(ascii: "0")
    withUnsafeBytes(of: uuid) { raw in
      for (index, byte) in raw.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
        for nibble in [byte >> 4, byte & 0x0F] {
          bytes.append(nibble < 10 ? hex + nibble : UInt8(ascii: "a") + nibble - 10)
        }
      }
    }
  }

  /// Reads an id in its 36-character form, in either case; `nil` for anything else.
  init?<Bytes: Collection<UInt8>>(text: Bytes) {
    guard text.count == 36 else { return nil }
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let parsed = withUnsafeMutableBytes(of: &value) { raw -> Bool in
      var index = 0
      var high: UInt8?
      for (position, character) in text.enumerated() {
        if position == 8 || position == 13 || position == 18 || position == 23 {
          guard character == UInt8(ascii: "-") else { return false }
          continue
        }
        let nibble: UInt8
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = character - UInt8(ascii: "A") + 10
        default: return false
        }
        if let first = high {
          raw[index] = first << 4 | nibble
          index += 1
          high = nil
        } else {
          high = nibble
        }
      }
      return true
    }
    guard parsed else { return nil }
    self.init(uuid: value)
  }
}
