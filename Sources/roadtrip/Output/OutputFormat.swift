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
  /// Tab-separated lines, without a header unless asked for (`--header`).
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

extension OutputFormat {
  /// Whether the format starts with a header row unless told otherwise: a table and CSV do; TSV
  /// does not, so that `roadtrip list --format tsv` and the piped default are the same lines,
  /// which `-` reads back as ids.
  var includesHeaderByDefault: Bool {
    self != .tsv
  }
}
