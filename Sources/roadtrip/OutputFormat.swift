import JourneyStore

/// How a command prints what it lists: `--format table|json|ndjson|csv|tsv|ids`.
enum OutputFormat: String, CaseIterable {
  /// Aligned columns with a header, for people; decorated on a terminal.
  case table
  /// One JSON array of objects.
  case json
  /// One JSON object a line.
  case ndjson
  /// A header row, then RFC 4180 records.
  case csv
  /// Tab-separated lines, with a header when asked for by name.
  case tsv
  /// One id a line.
  case ids
}

extension OutputFormat {
  /// The interchange format that writes this format, if one does.
  var interchangeFormat: InterchangeFormat? {
    switch self {
    case .json: .json
    case .ndjson: .ndjson
    case .csv: .csv
    case .tsv: .tsv
    case .table, .ids: nil
    }
  }
}
