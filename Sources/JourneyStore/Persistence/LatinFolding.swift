/// Latin letters with diacritics folded to their base letters, in lowercase: `É` and `é` to `e`,
/// `Ø` to `o`, `ǅ` to `dz`; the letters some languages write for two to those two (`Æ` to `ae`,
/// `Œ` to `oe`, `ß` and `ẞ` to `ss`, `Ĳ` to `ij`), the dotless `ı` to `i` and the long `ſ` to
/// `s`. What `NameOrder` compares names by.
///
/// FoundationEssentials has no diacritic folding, and Swift's `String` no canonical decomposition,
/// so the folding is a table, made once from the names the standard library knows for each scalar
/// of the Latin blocks (U+00C0–U+024F, U+1E00–U+1EFF): `LATIN CAPITAL LETTER E WITH ACUTE` folds
/// to `e`, as any `LATIN (SMALL|CAPITAL) (LETTER|LIGATURE) X` or `XY`, with or without a
/// `WITH …`, folds to `x` or `xy` (a title-case digraph, `X WITH SMALL LETTER Y`, to `xy`). A
/// letter with a name of another shape (`Þ`, `ŋ`, `ə`) is not folded. A decomposed letter (`e`
/// and U+0301) folds the same way: its combining marks (`isCombiningMark`) are left out.
enum LatinFolding {
  /// The first and last scalars of the blocks the table covers.
  private static let blocks: [ClosedRange<UInt32>] = [0xC0...0x24F, 0x1E00...0x1EFF]

  /// The folding of each scalar of `blocks`, in order: up to two ASCII letters, the first in the
  /// low byte; 0 where the scalar is not folded.
  private static let table: [UInt16] = blocks.flatMap { block in block.map(folding(ofScalarWithValue:)) }

  /// The folding of a scalar of the Latin blocks, or `nil` when it is not one or is not folded:
  /// one or two lowercase ASCII letters.
  static func fold(_ scalar: Unicode.Scalar) -> (UInt8, UInt8?)? {
    var offset = 0
    for block in blocks {
      if block.contains(scalar.value) {
        let packed = table[offset + Int(scalar.value - block.lowerBound)]
        guard packed != 0 else { return nil }
        let second = UInt8(packed >> 8)
        return (UInt8(packed & 0xFF), second == 0 ? nil : second)
      }
      offset += block.count
    }
    return nil
  }

  /// Whether a scalar is a combining diacritical mark, of the blocks of such marks (U+0300–U+036F
  /// and its supplements, those for symbols, and the half marks).
  static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x300...0x36F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
    default: false
    }
  }

  /// The scalars named otherwise that fold all the same.
  private static let namedFoldings: [String: String] = [
    "LATIN SMALL LETTER SHARP S": "ss", "LATIN CAPITAL LETTER SHARP S": "ss",
    "LATIN SMALL LETTER DOTLESS I": "i", "LATIN SMALL LETTER LONG S": "s",
  ]

  /// The folding of one scalar, packed as in `table`, read from its name.
  private static func folding(ofScalarWithValue value: UInt32) -> UInt16 {
    guard let name = Unicode.Scalar(value)?.properties.name else { return 0 }
    let letters: Substring
    if let folded = namedFoldings[name] {
      letters = Substring(folded)
    } else {
      let words = name.split(separator: " ")
      guard words.count >= 4, words[0] == "LATIN", words[1] == "SMALL" || words[1] == "CAPITAL",
        words[2] == "LETTER" || words[2] == "LIGATURE", words.count == 4 || words[4] == "WITH",
        (1...2).contains(words[3].count), words[3].allSatisfy({ ("A"..."Z").contains($0) })
      else { return 0 }
      // The title-case digraphs: `LATIN CAPITAL LETTER D WITH SMALL LETTER Z WITH CARON`.
      let second = words.count > 7 && words[5] == "SMALL" && words[6] == "LETTER" ? words[7] : ""
      letters = Substring((words[3] + second).lowercased())
    }
    let bytes = Array(letters.utf8)
    return UInt16(bytes[0]) | (bytes.count > 1 ? UInt16(bytes[1]) << 8 : 0)
  }
}
