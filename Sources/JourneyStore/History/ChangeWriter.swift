#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes changes of the log as JSON objects, one at a time, as `roadtrip history` and
/// `roadtrip watch` print them: the keys `batch`, `at`, `command`, `journey`, `change`, and
/// `field`, `old`, `new` where they apply (an insert has no field; a delete has no new value).
/// `at` is in UTC to the millisecond.
///
/// ```swift
/// var writer = ChangeWriter(format: .ndjson) { print($0, terminator: "") }
/// try database.forEachChange { try writer.write($0) }
/// try writer.finish()
/// ```
public struct ChangeWriter {
  private var records: RecordWriter

  /// The keys of a change, in order.
  public static let keys = ["batch", "at", "command", "journey", "change", "field", "old", "new"]

  /// A writer that hands its text to `output`, in pieces.
  /// - Parameter format: `.json` (one array) or `.ndjson` (one object a line).
  public init(format: InterchangeFormat, output: @escaping (String) throws -> Void) {
    precondition(format == .json || format == .ndjson, "changes are written as JSON or NDJSON")
    records = RecordWriter(format: format, keys: Self.keys, output: output)
  }

  /// Writes one change.
  /// - Throws: What the output throws.
  public mutating func write(_ change: JourneyChange) throws {
    records.beginRecord()
    records.appendValue(at: 0, isNumber: true) { $0.append(contentsOf: String(change.batch).utf8) }
    // To the millisecond, as people and programs read a time (the clock's last digits are noise),
    // rounded down so that `--since` that time keeps the batch.
    let at = Date(timeIntervalSinceReferenceDate: (change.date.timeIntervalSinceReferenceDate * 1000).rounded(.down) / 1000)
    records.appendValue(at: 1, isNumber: false) { at.appendISO8601(to: &$0) }
    records.appendValue(at: 2, isNumber: false) { $0.append(contentsOf: change.origin.utf8) }
    records.appendValue(at: 3, isNumber: false) { change.journeyID.appendLowercasedText(to: &$0) }
    records.appendValue(at: 4, isNumber: false) { $0.append(contentsOf: change.kind.rawValue.utf8) }
    if let field = change.field {
      records.appendValue(at: 5, isNumber: false) { $0.append(contentsOf: field.name.utf8) }
      for (index, value) in [(6, change.oldValue), (7, change.newValue)] {
        guard let value else { continue }
        records.appendValue(at: index, isNumber: field.isNumeric) { field.appendText(value.stored, &$0) }
      }
    }
    try records.endRecord()
  }

  /// Hands over what is buffered, so that a reader sees every change written so far: after each
  /// commit, when following changes as they happen.
  /// - Throws: What the output throws.
  public mutating func flush() throws {
    try records.flush()
  }

  /// Completes the output (closes the JSON array); call it once, after the last change.
  /// - Throws: What the output throws.
  public mutating func finish() throws {
    try records.finish()
  }
}
