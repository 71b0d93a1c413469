extension String {
  /// The text with control characters shown as escapes (`\n`, `\t`, `\u{1B}`), so that a
  /// journey's name cannot move the cursor or recolour a terminal.
  var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: \.isControl) else { return self }
    var result = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where scalar.isControl: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The text cut to at most `width` columns, ending in an ellipsis when it is cut (as gh cuts
  /// a long title).
  func cut(toWidth width: Int) -> String {
    guard displayWidth > width else { return self }
    guard width > 1 else { return width == 1 ? "…" : "" }
    var kept = truncated(toWidth: width - 1)
    while kept.last?.isWhitespace == true { kept.removeLast() }
    return kept + "…"
  }

  /// The text padded with spaces to `width` columns.
  func padded(to width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(0, width - displayWidth))
  }
}

extension Unicode.Scalar {
  /// C0 and C1 control characters and DEL.
  fileprivate var isControl: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value)
  }
}
