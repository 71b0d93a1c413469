import ArgumentParser

/// How `sync conflicts` prints its list: a table, JSON, NDJSON or TSV.
enum ConflictFormat: String, CaseIterable {
  case table, json, ndjson, tsv
}

extension ConflictFormat: ListedFormat {
  var outputFormat: OutputFormat {
    OutputFormat(rawValue: rawValue) ?? .table
  }

  static var allValueDescriptions: [String: String] {
    OutputFormat.allValueDescriptions.filter { name, _ in Self(rawValue: name) != nil }
  }
}
