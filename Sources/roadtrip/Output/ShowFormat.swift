import ArgumentParser

/// How `show` prints its journey: a card, or any list format.
enum ShowFormat: String, CaseIterable, ExpressibleByArgument {
  case card, table, json, ndjson, csv, tsv, ids
}

extension ShowFormat {
  /// The list format this is, or `nil` for the card.
  var outputFormat: OutputFormat? {
    OutputFormat(rawValue: rawValue)
  }
}
