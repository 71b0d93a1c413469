import ArgumentParser

/// What `summary --by` adds up by: the local day, week or month of the start, or the
/// transportation type.
enum SummaryGrouping: String, CaseIterable, ExpressibleByArgument {
  case day, week, month, type

  static var allValueDescriptions: [String: String] {
    [
      "day": "each local day of the start",
      "week": "each week, from the configured first day (Monday by default)",
      "month": "each local month",
      "type": "each transportation type",
    ]
  }
}
