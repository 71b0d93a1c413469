/// The editor's controls, top to bottom: the one that the left and right keys change, and that
/// Enter types a value into.
enum EditorFocus: CaseIterable {
  case transportationType, startDate, endDate, duration
}

extension EditorFocus {
  /// The control below, or the first after the last.
  var next: EditorFocus {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// The control above, or the last before the first.
  var previous: EditorFocus {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + all.count - 1) % all.count]
  }

  /// The control's title, on its line and on the entry of a value.
  var title: String {
    switch self {
    case .transportationType: "Type"
    case .startDate: "Start"
    case .endDate: "End"
    case .duration: "Duration"
    }
  }
}
