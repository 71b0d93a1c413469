import JourneyStore

/// The browser's whole screen in the list: the header, the list with the selected journey's card
/// beside or below it, the status line and the keys; or every key, after `?`.
struct BrowseScreen {
  let journeys: [Journey]
  let count: Int
  let selected: Journey?
  let state: BrowseState
  let style: Style
}

extension BrowseScreen {
  /// The screen, line by line, cut to its size.
  var frame: [String] {
    let size = state.size
    guard state.mode != .help else {
      return BrowseKeys(style: style).frame(size: size)
    }
    let layout = BrowseLayout(size: size)
    let header = BrowseHeader(
      count: count, sort: state.sort, typeFilter: state.typeFilter, search: state.search, style: style)
    let list = JourneyList(
      journeys: journeys, top: state.top, count: count, selectedIndex: state.selectedIndex,
      height: layout.listRows, isFiltered: state.typeFilter != nil || !state.search.isEmpty, style: style)
    var body = list.lines(width: layout.listWidth)
    let card = selected.map { JourneyCard(journey: $0, style: style, width: BrowseLayout.cardWidth).rendered }
      .map { $0.split(separator: "\n").map(String.init) } ?? []
    switch layout.cardPlace {
    case .beside:
      body = body.enumerated().map { row, line in
        line.truncated(toWidth: layout.listWidth).padded(toVisibleWidth: layout.listWidth) + " " + (row < card.count ? card[row] : "")
      }
    case .below:
      body += card + Array(repeating: "", count: max(0, BrowseLayout.cardHeight - card.count))
    case .none:
      break
    }
    let status = StatusLine(status: state.status, style: style).lines(width: size.columns).prefix(1)
    let help = BrowseHelpLine(
      mode: state.mode, text: state.mode == .naming ? state.draft : state.search,
      selectedName: selected?.name ?? "", style: style)
    let lines = header.lines(width: size.columns) + body + status + help.lines(width: size.columns)
    return lines.prefix(size.rows).map { $0.truncated(toWidth: size.columns) }
  }
}
