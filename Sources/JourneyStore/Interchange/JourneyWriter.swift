#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes journeys in an interchange format, one at a time, under the keys of `JourneyRecord`:
/// what `list --format`, `show --format` and `export` print.
///
/// ```swift
/// var writer = JourneyWriter(format: .ndjson) { print($0, terminator: "") }
/// try database.write(to: &writer)   // straight from the rows; or writer.write(journey), one at a time
/// try writer.finish()
/// ```
///
/// A row that roadtrip cannot read as it is never reaches the writer: `write(_:to:onUnreadable:)`
/// leaves it out (or stops), so that what was written stays a valid document either way.
public struct JourneyWriter {
  private var records: RecordWriter
  /// The position in `JourneyRecord.keys` of each key written, in order.
  private let columns: [Int]
  /// Whether cells are written for a spreadsheet (`SpreadsheetCells`).
  private let isSpreadsheet: Bool

  /// A writer that hands its text to `output`, in pieces.
  /// - Parameters:
  ///   - format: The format to write.
  ///   - keys: The keys to write, in order: all of `JourneyRecord.keys` by default, or some of
  ///     them (`--fields`, read by `JourneyRecord.key(named:)`).
  ///   - includesHeader: Whether CSV and TSV start with a header row; JSON formats ignore it.
  ///   - spreadsheet: Whether to write what spreadsheets read as values (`SpreadsheetCells`):
  ///     local dates, `[h]:mm:ss` durations, no cell that runs as a formula. `import` reads it
  ///     back in the same time zone (`JourneyReader.Options.readsSpreadsheetCells`), to the
  ///     second.
  ///   - output: Receives the text, in order; what it throws stops the writing and is rethrown.
  public init(
    format: InterchangeFormat, keys: [String] = JourneyRecord.keys, includesHeader: Bool = true,
    spreadsheet: Bool = false, output: @escaping (String) throws -> Void
  ) {
    isSpreadsheet = spreadsheet
    columns = keys.map { key in
      guard let column = JourneyRecord.keys.firstIndex(of: key) else { preconditionFailure("\(key) is no key of a journey record") }
      return column
    }
    records = RecordWriter(format: format, keys: keys, includesHeader: includesHeader, output: output)
  }

  /// The format written.
  public var format: InterchangeFormat { records.format }

  /// The number of journeys written so far.
  public var journeyCount: Int { records.recordCount }

  /// Writes one journey.
  /// - Throws: What the output throws.
  public mutating func write(_ journey: Journey) throws {
    try write(values: JourneyValues(readingUntracked: journey)) { journey.id.appendLowercasedText(to: &$0) }
  }

  /// Writes the journey of a row of the journey table, straight from its stored values: `values`,
  /// its field values, which the caller has checked, as it has its id
  /// (`JourneyRow.readableFieldValues(of:)`, `JourneyRow.checkReadableID(of:)`).
  mutating func write(row: Statement, values: JourneyValues) throws {
    try write(values: values) { id in row.withText(at: 0) { id.append(contentsOf: $0) } }
  }

  /// Writes one journey, the keys chosen in their order: its id, rendered by `id`, its fields
  /// and its end date.
  private mutating func write(values: JourneyValues, id: (inout [UInt8]) -> Void) throws {
    records.beginRecord()
    for (position, column) in columns.enumerated() {
      switch column {
      case 0:
        records.appendValue(at: position, isNumber: false, id)
      case JourneyRecord.keys.count - 1 where isSpreadsheet:
        records.appendValue(at: position, isNumber: false) { SpreadsheetCells.appendDate(JourneyRecord.endDate(of: values), to: &$0) }
      case JourneyRecord.keys.count - 1:
        records.appendValue(at: position, isNumber: false) { JourneyRecord.endDate(of: values).appendISO8601(to: &$0) }
      case _ where isSpreadsheet:
        try appendSpreadsheetCell(of: JourneyField.all[column - 1], values: values, at: position)
      default:
        let field = JourneyField.all[column - 1]
        records.appendValue(at: position, isNumber: field.isNumeric) { field.appendText(values[field], &$0) }
      }
    }
    try records.endRecord()
  }

  /// Appends a field's cell for a spreadsheet: a date local, a duration `[h]:mm:ss`, a text
  /// neutralised (`SpreadsheetCells`).
  private mutating func appendSpreadsheetCell(of field: JourneyField, values: JourneyValues, at position: Int) throws {
    let stored = values[field]
    switch field {
    case .startDate where stored.double != nil:
      records.appendValue(at: position, isNumber: false) {
        SpreadsheetCells.appendDate(Date(timeIntervalSinceReferenceDate: stored.double ?? 0), to: &$0)
      }
    case .duration where stored.double != nil:
      records.appendValue(at: position, isNumber: false) { SpreadsheetCells.appendDuration(stored.double ?? 0, to: &$0) }
    default:
      var text: [UInt8] = []
      field.appendText(stored, &text)
      records.appendValue(at: position, isNumber: false) { SpreadsheetCells.appendText(text, to: &$0) }
    }
  }

  /// Completes the output (closes the JSON array); call it once, after the last journey.
  /// - Throws: What the output throws.
  public mutating func finish() throws {
    try records.finish()
  }
}
