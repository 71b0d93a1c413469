import ArgumentParser

/// How `history` and `watch` print changes: `--format table|json|ndjson`.
enum ChangeFormat: String, CaseIterable, ExpressibleByArgument {
  /// One aligned line a change, for people; the default on a terminal.
  case table
  /// One JSON array of objects (`watch` closes it at `--count` or on Ctrl-C).
  case json
  /// One JSON object a line; the default when piped.
  case ndjson
}

extension ChangeFormat {
  static var allValueDescriptions: [String: String] {
    [
      "table": "one line a change (the default on a terminal)",
      "json": "one JSON array",
      "ndjson": "one JSON object a line (the default when piped)",
    ]
  }

  /// The format asked for, else a table on a terminal and NDJSON when piped.
  static func resolved(_ format: ChangeFormat?) -> ChangeFormat {
    format ?? (BufferedOutput.standard.isTerminal ? .table : .ndjson)
  }
}
