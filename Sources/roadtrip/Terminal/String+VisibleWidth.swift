extension String {
  /// The number of terminal columns the text takes once its escape sequences (`ESC [ … m`) are
  /// interpreted: they take none.
  var visibleWidth: Int {
    var width = 0
    forEachVisibleCharacter { width += $0.displayWidth }
    return width
  }

  /// The text cut to at most `width` columns, keeping all its escape sequences, also those after
  /// the cut, so that styled text cut in the middle still ends its style.
  func truncated(toWidth width: Int) -> String {
    guard visibleWidth > width else { return self }
    var result = ""
    var used = 0
    var isCut = false
    forEachCharacter { character, isEscape in
      if isEscape {
        result.append(character)
      } else if !isCut && used + character.displayWidth <= width {
        used += character.displayWidth
        result.append(character)
      } else {
        isCut = true
      }
    }
    return result
  }

  private func forEachVisibleCharacter(_ body: (Character) -> Void) {
    forEachCharacter { character, isEscape in
      if !isEscape { body(character) }
    }
  }

  /// Calls `body` with each character and whether it belongs to a control sequence: from `ESC`
  /// (with `[`) to the final byte, a letter.
  private func forEachCharacter(_ body: (Character, Bool) -> Void) {
    var isInSequence = false
    for character in self {
      if character == "\u{1B}" {
        isInSequence = true
        body(character, true)
      } else if isInSequence {
        body(character, true)
        if character.isLetter { isInSequence = false }
      } else {
        body(character, false)
      }
    }
  }
}
