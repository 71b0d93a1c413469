extension JourneyField {
  /// The most bytes a received text value may hold: a journey's name longer than this (64 KiB)
  /// is held back, so that no file makes every replica store a huge value several times over
  /// (the row, its log row, the registers).
  static let longestReceivedText = 65_536

  /// Whether a received value of this field is one this roadtrip stores: what the journey table
  /// accepts for the field (`canHold`: its type and its CHECK constraints; text that is UTF-8),
  /// and text no longer than `longestReceivedText`.
  func accepts(received value: DatabaseValue) -> Bool {
    if case .text(let text) = value, text.utf8.count > Self.longestReceivedText { return false }
    return canHold(value)
  }

  /// Why a received value is held back, for people: what it is, without the whole of a long text.
  static func whyHeldBack(_ value: DatabaseValue) -> String {
    switch value {
    case .text(let text) where text.utf8.count > longestReceivedText:
      "a text of \(text.utf8.count) bytes, longer than the \(longestReceivedText) a received value may hold"
    case .text(let text) where text.count > 40:
      "'\(text.prefix(40))…', which this roadtrip cannot store"
    default: "\(value.described), which this roadtrip cannot store"
    }
  }
}
