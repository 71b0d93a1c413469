import JourneyStore

/// The orders of the list that `s` cycles through.
enum BrowseSort: CaseIterable {
  case start, name, type, duration
}

extension BrowseSort {
  /// The field the list is sorted by.
  var field: JourneyField {
    switch self {
    case .start: .startDate
    case .name: .name
    case .type: .transportationType
    case .duration: .duration
    }
  }

  /// The order's name in the header: `by start`.
  var title: String {
    switch self {
    case .start: "start"
    case .name: "name"
    case .type: "type"
    case .duration: "duration"
    }
  }

  /// The order after this one, the first after the last.
  var next: BrowseSort {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}
