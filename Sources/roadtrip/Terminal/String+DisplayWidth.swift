extension String {
  /// The number of terminal columns the text takes: two for wide characters (emoji, CJK), none
  /// for combining marks, one for the rest.
  var displayWidth: Int {
    reduce(0) { $0 + $1.displayWidth }
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
