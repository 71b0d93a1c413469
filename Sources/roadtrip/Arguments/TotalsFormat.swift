import ArgumentParser

/// How `summary` prints its totals: every list format but `ids`, as totals have no ids.
enum TotalsFormat: String, CaseIterable {
  case table, json, ndjson, csv, tsv
}

extension TotalsFormat: ListedFormat {
  var outputFormat: OutputFormat {
    OutputFormat(rawValue: rawValue) ?? .table
  }

  static var allValueDescriptions: [String: String] {
    OutputFormat.allValueDescriptions.filter { name, _ in Self(rawValue: name) != nil }
  }
}
