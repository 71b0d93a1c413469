/// The pieces of JSON that the writers put together: strings with their escapes, numbers, objects.
enum JSONText {
  /// A JSON string literal for `text`: quotes, backslashes and control characters are escaped,
  /// everything else is written as it is, in UTF-8.
  static func string(_ text: String) -> String {
    guard text.utf8.contains(where: needsEscape) else { return "\"" + text + "\"" }
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// One JSON object, compact, with the keys in the order given.
  static func object(keys: [String], values: [InterchangeValue]) -> String {
    var result = "{"
    for (index, (key, value)) in zip(keys, values).enumerated() {
      if index > 0 { result += "," }
      result += string(key) + ":"
      switch value {
      case .string(let text): result += string(text)
      case .number(let text): result += isNumber(text) ? text : string(text)
      }
    }
    return result + "}"
  }

  /// Whether `text` is a number as JSON writes them: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  static func isNumber(_ text: String) -> Bool {
    var bytes = Substring(text).utf8[...]
    func digits() -> Int {
      let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let leadingZero = bytes.first == UInt8(ascii: "0")
    let integerDigits = digits()
    guard integerDigits > 0, !leadingZero || integerDigits == 1 else { return false }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      guard digits() > 0 else { return false }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }
}
