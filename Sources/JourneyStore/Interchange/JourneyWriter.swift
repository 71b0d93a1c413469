/// Writes journeys in an interchange format, one at a time, under the keys of `JourneyRecord`:
/// what `list --format`, `show --format` and `export` print.
///
/// ```swift
/// var writer = JourneyWriter(format: .ndjson) { print($0, terminator: "") }
/// try database.forEachJourney { try writer.write($0) }
/// try writer.finish()
/// ```
public struct JourneyWriter {
  private var records: RecordWriter

  /// A writer that hands its text to `output`, in pieces.
  /// - Parameters:
  ///   - format: The format to write.
  ///   - includesHeader: Whether CSV and TSV start with a header row; JSON formats ignore it.
  ///   - output: Receives the text, in order; what it throws stops the writing and is rethrown.
  public init(format: InterchangeFormat, includesHeader: Bool = true, output: @escaping (String) throws -> Void) {
    records = RecordWriter(format: format, keys: JourneyRecord.keys, includesHeader: includesHeader, output: output)
  }

  /// The format written.
  public var format: InterchangeFormat { records.format }

  /// The number of journeys written so far.
  public var journeyCount: Int { records.recordCount }

  /// Writes one journey.
  /// - Throws: What the output throws.
  public mutating func write(_ journey: Journey) throws {
    try records.write(JourneyRecord(journey).values)
  }

  /// Completes the output (closes the JSON array); call it once, after the last journey.
  /// - Throws: What the output throws.
  public mutating func finish() throws {
    try records.finish()
  }
}
