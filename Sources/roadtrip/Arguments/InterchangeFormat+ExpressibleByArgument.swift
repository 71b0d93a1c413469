import ArgumentParser
import JourneyStore

extension InterchangeFormat: ExpressibleByArgument {}

extension InterchangeFormat {
  /// The format a file's extension names: `.ndjson` or `.jsonl`, `.json`, `.csv`, `.tsv`.
  init?(pathExtensionOf path: String) {
    guard let fileNameExtension = path.fileNameExtension else { return nil }
    switch fileNameExtension.lowercased() {
    case "ndjson", "jsonl": self = .ndjson
    case "json": self = .json
    case "csv": self = .csv
    case "tsv": self = .tsv
    default: return nil
    }
  }

  /// The extensions that name a format, for messages: ".ndjson, .jsonl, .json, .csv, .tsv".
  static let namedExtensions = ".ndjson, .jsonl, .json, .csv, .tsv"
}
