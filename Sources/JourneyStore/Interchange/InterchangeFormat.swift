/// A text format that carries journeys (or any records with fixed keys) between roadtrip and
/// other programs.
///
/// Every format writes the same keys in the same order; `RecordWriter` writes them and
/// `JourneyWriter` writes journeys with them.
public enum InterchangeFormat: String, CaseIterable, Sendable {
  /// Newline-delimited JSON: one object a line.
  case ndjson
  /// One JSON array of objects.
  case json
  /// Comma-separated values with a header row and RFC 4180 quoting, lines ending in CRLF.
  case csv
  /// Tab-separated values; a tab, newline, carriage return or backslash inside a value is
  /// written as `\t`, `\n`, `\r` or `\\`, so that every record is one line.
  case tsv
}
