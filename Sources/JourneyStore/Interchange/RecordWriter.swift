/// Writes records, values under fixed keys, in an interchange format, one at a time: each record's
/// text goes to the output as soon as it is written, so memory stays flat however many there are.
///
/// ```swift
/// var writer = RecordWriter(format: .csv, keys: ["slug", "title"]) { print($0, terminator: "") }
/// try writer.write([.string("bike"), .string("Bike")])
/// try writer.finish()
/// ```
public struct RecordWriter {
  /// The format written.
  public let format: InterchangeFormat
  /// The keys: JSON object keys, or the CSV and TSV header row, in order.
  public let keys: [String]
  /// Whether CSV and TSV start with a header row of the keys.
  public let includesHeader: Bool
  private let output: (String) throws -> Void
  private var count = 0
  private var isFinished = false

  /// A writer that hands its text to `output`, in pieces.
  /// - Parameters:
  ///   - format: The format to write.
  ///   - keys: The keys of every record, in order.
  ///   - includesHeader: Whether CSV and TSV start with a header row; JSON formats ignore it.
  ///   - output: Receives the text, in order; what it throws stops the writing and is rethrown.
  public init(
    format: InterchangeFormat, keys: [String], includesHeader: Bool = true,
    output: @escaping (String) throws -> Void
  ) {
    self.format = format
    self.keys = keys
    self.includesHeader = includesHeader
    self.output = output
  }

  /// The number of records written so far.
  public var recordCount: Int { count }

  /// Writes one record.
  /// - Parameter values: One value for each key, in the order of `keys`.
  /// - Throws: What the output throws.
  public mutating func write(_ values: [InterchangeValue]) throws {
    precondition(values.count == keys.count, "a record needs one value for each of its \(keys.count) keys")
    precondition(!isFinished, "a finished RecordWriter cannot write more records")
    var text = count == 0 ? opening : ""
    switch format {
    case .ndjson: text += JSONText.object(keys: keys, values: values) + "\n"
    case .json: text += (count == 0 ? "  " : ",\n  ") + JSONText.object(keys: keys, values: values)
    case .csv: text += DelimitedText.csvLine(values.map(\.text))
    case .tsv: text += DelimitedText.tsvLine(values.map(\.text))
    }
    count += 1
    try output(text)
  }

  /// Completes the output: closes the JSON array, or writes the CSV header when there were no
  /// records. Call it once, after the last record.
  /// - Throws: What the output throws.
  public mutating func finish() throws {
    guard !isFinished else { return }
    isFinished = true
    switch format {
    case .json: try output(count == 0 ? "[]\n" : "\n]\n")
    case .csv, .tsv: if count == 0 && includesHeader { try output(opening) }
    case .ndjson: break
    }
  }

  /// What comes before the first record: the array's bracket, or the header row.
  private var opening: String {
    switch format {
    case .ndjson: ""
    case .json: "[\n"
    case .csv: includesHeader ? DelimitedText.csvLine(keys) : ""
    case .tsv: includesHeader ? DelimitedText.tsvLine(keys) : ""
    }
  }
}
