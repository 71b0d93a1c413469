import ArgumentParser

extension SummaryGrouping: ExpressibleByArgument {
  static var allValueDescriptions: [String: String] {
    [
      "day": "each local day of the start",
      "week": "each week, from the configured first day (Monday by default)",
      "month": "each local month",
      "type": "each transportation type",
    ]
  }
}
