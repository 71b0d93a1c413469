/// The lines of a migration's SQL as bytes, for reading its triggers without `Regex`.
struct MigrationLines {
  private let bytes: [UInt8]
  /// Where each line starts, and the end of the text last.
  private let starts: [Int]

  init(_ text: String) {
    bytes = Array(text.utf8)
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
    starts.append(bytes.count + 1)
    self.starts = starts
  }

  var count: Int { starts.count - 1 }

  /// Whether line `line` starts with `prefix`.
  func line(_ line: Int, startsWith prefix: StaticString) -> Bool {
    let start = starts[line]
    guard start + prefix.utf8CodeUnitCount <= bytes.count else { return false }
    for offset in 0..<prefix.utf8CodeUnitCount where bytes[start + offset] != prefix.utf8Start[offset] { return false }
    return true
  }

  /// The name that follows `prefix` (and an `IF EXISTS`) on line `line`, up to a space or a
  /// semicolon, when the line starts with `prefix`.
  func name(after prefix: StaticString, atLine line: Int) -> String? {
    guard self.line(line, startsWith: prefix) else { return nil }
    var start = starts[line] + prefix.utf8CodeUnitCount
    let ifExists = Array("IF EXISTS ".utf8)
    if bytes[start...].starts(with: ifExists) { start += ifExists.count }
    var end = start
    while end < starts[line + 1] - 1, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: ";") { end += 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The text of lines `first` through `last`, without the last line's end.
  func text(from first: Int, through last: Int) -> String {
    String(decoding: bytes[starts[first]..<min(starts[last + 1] - 1, bytes.count)], as: UTF8.self)
  }
}
