/// The escapes of the interchange formats, from UTF-8 to UTF-8.
enum InterchangeText {
  /// A JSON string: quotes, backslashes and control characters escaped, everything else as it is.
  static func appendJSONString<Bytes: Collection<UInt8>>(_ text: Bytes, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    if text.contains(where: needsJSONEscape) {
      for byte in text { appendJSONEscaped(byte, to: &bytes) }
    } else {
      bytes.append(contentsOf: text)
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Whether a JSON string writes the byte escaped.
  static func needsJSONEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Appends one byte of a JSON string, escaped when it must be.
  static func appendJSONEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
    case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
    case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
    case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
    case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
    case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
    case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
    case ..<0x20:
      let hex = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
      bytes.append(contentsOf: [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
    default: bytes.append(byte)
    }
  }

  /// A CSV field as RFC 4180 writes it: in double quotes, with inner quotes doubled, when it holds
  /// a comma, a quote, a carriage return or a newline; as it is otherwise.
  static func appendCSVField(_ text: [UInt8], to bytes: inout [UInt8]) {
    guard text.contains(where: needsCSVQuotes) else {
      bytes.append(contentsOf: text)
      return
    }
    bytes.append(UInt8(ascii: "\""))
    for byte in text {
      if byte == UInt8(ascii: "\"") { bytes.append(byte) }
      bytes.append(byte)
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Whether a CSV field holding the byte is written in quotes.
  static func needsCSVQuotes(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0D || byte == 0x0A
  }

  /// A TSV field: a backslash, tab, newline or carriage return is written as `\\`, `\t`, `\n` or
  /// `\r`, so that a record is always one line of tab-separated fields.
  static func appendTSVField(_ text: [UInt8], to bytes: inout [UInt8]) {
    for byte in text {
      switch byte {
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      default: bytes.append(byte)
      }
    }
  }

  /// Whether a TSV field writes the byte escaped.
  static func needsTSVEscape(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\\") || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Whether the text is a number as JSON writes them: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  static func isJSONNumber(_ text: ArraySlice<UInt8>) -> Bool {
    var index = text.startIndex
    func digits() -> Int {
      let start = index
      while index < text.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
      return index - start
    }
    if index < text.endIndex, text[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0, text[integerStart] != UInt8(ascii: "0") || integerDigits == 1 else { return false }
    if index < text.endIndex, text[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return false }
    }
    if index < text.endIndex, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
      index += 1
      if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { return false }
    }
    return index == text.endIndex
  }
}
