extension String {
  /// The number of terminal columns the text takes: two for wide characters (emoji, CJK), none
  /// for combining marks, one for the rest.
  var displayWidth: Int {
    reduce(0) { $0 + $1.displayWidth }
  }

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

extension Character {
  /// The number of terminal columns the character takes.
  var displayWidth: Int {
    guard let first = unicodeScalars.first else { return 0 }
    if unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" }) { return 2 }
    if first.isWide { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: return 1
    }
  }
}

extension Unicode.Scalar {
  /// C0 and C1 control characters and DEL.
  fileprivate var isControl: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value)
  }

  /// East Asian wide and fullwidth characters, the ranges terminals draw two columns wide.
  fileprivate var isWide: Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      true
    default:
      false
    }
  }
}
