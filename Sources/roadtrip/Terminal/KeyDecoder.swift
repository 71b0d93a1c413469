/// Reads keys from the bytes a terminal sends in raw mode: single bytes for characters and
/// control keys, escape sequences for arrows (`ESC [ A`, or `ESC O A` in application mode) and
/// Shift-Tab (`ESC [ Z`), Home, End, Page Up and Page Down (`ESC [ 5 ~`, …), and UTF-8 for
/// characters beyond ASCII. Modifiers are ignored: Ctrl-Right (`ESC [ 1 ; 5 C`) is Right.
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
    if pending == [0x1B] { return [.escape] }
    return pending.isEmpty ? [] : [.other]
  }

  /// The key that starts at `start`, and how many bytes it takes; `nil` when it is not complete.
  private func key(at start: Int) -> (Key, Int)? {
    let escape: UInt8 = 0x1B
    guard pending[start] == escape else {
      guard pending[start] >= 0xC0 else { return (Self.key(for: pending[start]), 1) }
      return character(at: start)
    }
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
      let parameters = String(decoding: pending[(start + 2)..<end], as: UTF8.self)
      let key = pending[end] == UInt8(ascii: "~") ? Self.key(tilde: parameters) : Self.key(final: pending[end])
      return (key, end - start + 1)
    case UInt8(ascii: "O"):
      guard start + 2 < pending.count else { return nil }
      return (Self.key(final: pending[start + 2]), 3)
    default:
      return (.other, 1)
    }
  }

  /// The character whose UTF-8 bytes start at `start`; `nil` until they all arrived.
  private func character(at start: Int) -> (Key, Int)? {
    let first = pending[start]
    let length = first >= 0xF0 ? 4 : (first >= 0xE0 ? 3 : 2)
    guard start + length <= pending.count else { return nil }
    let text = String(decoding: pending[start..<(start + length)], as: UTF8.self)
    guard let character = text.first, character != "\u{FFFD}" else { return (.other, length) }
    return (.character(character), length)
  }

  private static func key(for byte: UInt8) -> Key {
    switch byte {
    case 3: .interrupt
    case 26: .suspend
    case 9: .tab
    case 10, 13: .enter
    case 8, 0x7F: .backspace
    case 1...26: .control(Character(Unicode.Scalar(byte + 0x60)))
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
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: .other
    }
  }

  /// The key of a sequence that ends in `~`, by its first parameter: `ESC [ 5 ~` is Page Up.
  private static func key(tilde parameters: String) -> Key {
    switch parameters.split(separator: ";").first {
    case "1", "7": .home
    case "4", "8": .end
    case "5": .pageUp
    case "6": .pageDown
    default: .other
    }
  }
}
