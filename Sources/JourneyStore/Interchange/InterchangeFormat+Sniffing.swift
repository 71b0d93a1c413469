#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension InterchangeFormat {
  /// The format that the first bytes of an input look like: `[` is JSON, `{` NDJSON; a first line
  /// with a tab that starts with a journey id or names a journey key is TSV, one that names a
  /// journey key between the separators it has most of is CSV; anything else NDJSON, the format
  /// of a stream. Blank lines and spaces before the first byte are skipped.
  /// - Parameters:
  ///   - bytes: The first bytes of the input, after any byte-order mark.
  ///   - isComplete: Whether these are all the bytes of the input.
  /// - Returns: The format, or `nil` when more bytes are needed to tell (the first line has not
  ///   ended).
  static func sniffed<Bytes: Collection<UInt8>>(from bytes: Bytes, isComplete: Bool) -> InterchangeFormat? {
    guard let first = firstNonBlank(of: bytes) else { return isComplete ? .ndjson : nil }
    switch bytes[first] {
    case UInt8(ascii: "["): return .json
    case UInt8(ascii: "{"): return .ndjson
    default: break
    }
    let lineStart = bytes.firstIndex { $0 != 0x0D && $0 != 0x0A } ?? first
    let rest = bytes[lineStart...]
    guard let lineEnd = rest.firstIndex(of: 0x0A) ?? (isComplete ? rest.endIndex : nil) else { return nil }
    var line = Array(rest[..<lineEnd])
    if line.last == 0x0D { line.removeLast() }
    if line.contains(0x09) {
      let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
      if let id = fields.first, UUID(text: id) != nil { return .tsv }
      if names(fields) { return .tsv }
    }
    let candidates = JourneyReader.Options.delimiters.map { UInt8($0.value) }
    guard let separator = try? CSVScanner.mostFrequentSeparator(inLineOf: line, isFinal: true, among: candidates) else {
      return .ndjson
    }
    return names(line.split(separator: separator, omittingEmptySubsequences: false)) ? .csv : .ndjson
  }

  /// Whether the first bytes of an input start a JSON object (blank lines and spaces skipped):
  /// NDJSON, as such, rather than read for lack of another format.
  static func startsAnObject<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
    firstNonBlank(of: bytes).map { bytes[$0] } == UInt8(ascii: "{")
  }

  private static func firstNonBlank<Bytes: Collection<UInt8>>(of bytes: Bytes) -> Bytes.Index? {
    bytes.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
  }

  /// Whether any of the fields of a header line, unquoted and trimmed, names a journey key.
  private static func names(_ fields: [ArraySlice<UInt8>]) -> Bool {
    fields.contains { field in
      let trimmed = field.drop { $0 == 0x20 || $0 == 0x22 }.reversed().drop { $0 == 0x20 || $0 == 0x22 }.reversed()
      return JourneyReader.knownColumnIndex(named: String(decoding: trimmed, as: UTF8.self)) != nil
    }
  }
}
