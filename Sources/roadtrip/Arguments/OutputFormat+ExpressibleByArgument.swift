import ArgumentParser

extension OutputFormat: ExpressibleByArgument {
  static var allValueDescriptions: [String: String] {
    [
      "table": "aligned columns (the default on a terminal)",
      "json": "one JSON array",
      "ndjson": "one JSON object a line",
      "csv": "RFC 4180 with a header row",
      "tsv": "tab-separated, without a header (the default when piped)",
      "ids": "one id a line",
    ]
  }
}
