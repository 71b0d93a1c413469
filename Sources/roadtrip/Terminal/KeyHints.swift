/// The keys a full-screen program understands now, for its last line: each hint a key and what
/// it does, in the order they are shown, ranked by importance. On a narrow screen the line keeps
/// the most important hints that fit, whole and in their order: a hint is never cut, so the line
/// never shows half a key or promises one it left out.
struct KeyHints {
  let hints: [Hint]

  /// One key and what it does, such as `q` and `quit`.
  struct Hint {
    /// The key as a decorated screen shows it (`↑↓`, `⏎`), and without decoration (`up/down`);
    /// empty for a hint that is a note, such as `(saved as you go)`.
    let key: String
    let plainKey: String
    let action: String
    /// 0 for the most important hint; a higher rank goes first when the line is too narrow.
    let rank: Int

    init(_ key: String, plain plainKey: String? = nil, _ action: String, rank: Int) {
      self.key = key
      self.plainKey = plainKey ?? key
      self.action = action
      self.rank = rank
    }
  }
}

extension KeyHints {
  /// The space between two hints.
  static let separator = "  "

  /// The hints that fit `width` columns, as one line of plain text: `↑↓ move  q quit`, or
  /// `up/down: move  q: quit` without decoration. Hints are taken by rank until the next one
  /// does not fit, so that a less important hint never shows where a more important one did not.
  func line(width: Int, isDecorated: Bool) -> String {
    let texts = hints.map { hint in
      guard !hint.key.isEmpty else { return hint.action }
      return isDecorated ? "\(hint.key) \(hint.action)" : "\(hint.plainKey): \(hint.action)"
    }
    var kept = Set<Int>()
    var used = 0
    for index in hints.indices.sorted(by: { hints[$0].rank < hints[$1].rank }) {
      let added = texts[index].displayWidth + (kept.isEmpty ? 0 : Self.separator.count)
      guard used + added <= width else { break }
      used += added
      kept.insert(index)
    }
    return hints.indices.filter(kept.contains).map { texts[$0] }.joined(separator: Self.separator)
  }
}
