import ArgumentParser
import JourneyStore

extension InterchangeFormat: ExpressibleByArgument {}

extension InterchangeFormat {
  /// The format a file's extension names: `.ndjson` or `.jsonl`, `.json`, `.csv`, `.tsv`.
  init?(pathExtensionOf path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "ndjson", "jsonl": self = .ndjson
    case "json": self = .json
    case "csv": self = .csv
    case "tsv": self = .tsv
    default: return nil
    }
  }
}
