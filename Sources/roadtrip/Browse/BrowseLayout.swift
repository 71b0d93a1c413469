/// Where the parts of the browser go on a screen of a given size: the header on the first line,
/// the status and the keys on the last two, the list between them, and the card beside the list
/// on a wide screen, below it on a tall one, or not at all on a small one.
struct BrowseLayout {
  let size: TerminalSize
}

extension BrowseLayout {
  /// The card's width beside the list, and the least the list keeps.
  static let cardWidth = 50
  static let leastListWidth = 44
  /// The card's height below the list (a box around six lines), and the least the list keeps.
  static let cardHeight = 8
  static let leastListRows = 5

  enum CardPlace { case beside, below, none }

  var cardPlace: CardPlace {
    if size.columns >= Self.cardWidth + 1 + Self.leastListWidth { return .beside }
    if size.rows - 3 - Self.cardHeight >= Self.leastListRows { return .below }
    return .none
  }

  /// The columns of the list.
  var listWidth: Int {
    cardPlace == .beside ? size.columns - Self.cardWidth - 1 : size.columns
  }

  /// How many journeys the list shows at once: at least one.
  var listRows: Int {
    max(1, size.rows - 3 - (cardPlace == .below ? Self.cardHeight : 0))
  }
}
