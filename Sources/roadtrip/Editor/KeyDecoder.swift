/// Reads keys from the bytes a terminal sends in raw mode: single bytes for characters and
/// control keys, escape sequences for arrows (`ESC [ A`, or `ESC O A` in application mode) and
/// Shift-Tab (`ESC [ Z`). Modifiers are ignored: Ctrl-Right (`ESC [ 1 ; 5 C`) is Right.
///
/// A sequence cut between two reads is kept until the rest arrives; `flush()` gives up on it.
struct KeyDecoder {
  private var pending: [UInt8] = []
}

extension KeyDecoder {
  /// Whether the bytes read so far end in the middle of an escape sequence (or are a lone Escape).
  var hasPending: Bool {
    !pending.isEmpty
  }

  /// The keys that `bytes`, after what was pending, make up.
  mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var start = 0
    while start < pending.count {
      guard let (key, length) = key(at: start) else { break }
      keys.append(key)
      start += length
    }
    pending.removeFirst(start)
    return keys
  }

  /// Gives up on an unfinished sequence: what the user pressed was Escape, or a key this does
  /// not know.
  mutating func flush() -> [Key] {
    defer { pending.removeAll() }
    return pending.isEmpty ? [] : [.other]
  }

  /// The key that starts at `start`, and how many bytes it takes; `nil` when it is not complete.
  private func key(at start: Int) -> (Key, Int)? {
    let escape: UInt8 = 0x1B
    guard pending[start] == escape else { return (Self.key(for: pending[start]), 1) }
    guard start + 1 < pending.count else { return nil }
    switch pending[start + 1] {
    case UInt8(ascii: "["):
      // Control sequence: parameter and intermediate bytes, then a final byte in 0x40...0x7E.
      var end = start + 2
      while end < pending.count, !(0x40...0x7E).contains(pending[end]) {
        guard end - start < 16 else { return (.other, end - start) }
        end += 1
      }
      guard end < pending.count else { return nil }
      return (Self.key(final: pending[end]), end - start + 1)
    case UInt8(ascii: "O"):
      guard start + 2 < pending.count else { return nil }
      return (Self.key(final: pending[start + 2]), 3)
    default:
      return (.other, 1)
    }
  }

  private static func key(for byte: UInt8) -> Key {
    switch byte {
    case 3: .interrupt
    case 26: .suspend
    case 9: .tab
    case 0x20...0x7E: .character(Character(Unicode.Scalar(byte)))
    default: .other
    }
  }

  private static func key(final byte: UInt8) -> Key {
    switch byte {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "Z"): .backTab
    default: .other
    }
  }
}
