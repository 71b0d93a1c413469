extension String {
  /// The text with control characters shown as escapes (`\n`, `\t`, `\u{1B}`), so that what it
  /// holds cannot move the cursor, retitle or clear a terminal: a journey's name on screen, and
  /// every piece of text that came from a sync remote (a replica id, a table name, a file name,
  /// git's messages) in a message or an error.
  public var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: \.isControl) else { return self }
    var result = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where scalar.isControl:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension Unicode.Scalar {
  /// C0 and C1 control characters and DEL.
  fileprivate var isControl: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value)
  }
}
