/// Writes records, values under fixed keys, in an interchange format, one at a time, into a
/// buffer that goes to the output in chunks of about 64 KiB (and at `finish()`), so memory stays
/// flat however many records there are.
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
  /// `"key":` for each key, for JSON.
  private let jsonKeys: [[UInt8]]
  private var buffer: [UInt8] = []
  /// Where a value that needs escapes goes before it is written again, escaped, into `buffer`.
  private var scratch: [UInt8] = []
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
    jsonKeys = keys.map { key in
      var bytes: [UInt8] = []
      InterchangeText.appendJSONString(key.utf8, to: &bytes)
      return bytes + [UInt8(ascii: ":")]
    }
    buffer.reserveCapacity(Self.chunkSize + 4096)
  }

  /// The number of records written so far.
  public var recordCount: Int { count }

  /// Writes one record.
  /// - Parameter values: One value for each key, in the order of `keys`.
  /// - Throws: What the output throws.
  public mutating func write(_ values: [InterchangeValue]) throws {
    precondition(values.count == keys.count, "a record needs one value for each of its \(keys.count) keys")
    beginRecord()
    for (index, value) in values.enumerated() {
      switch value {
      case .string(let text): appendValue(at: index, isNumber: false) { $0.append(contentsOf: text.utf8) }
      case .number(let text): appendValue(at: index, isNumber: true) { $0.append(contentsOf: text.utf8) }
      case .bool(let value): appendLiteral(at: index, value ? "true" : "false", text: value ? "true" : "false")
      case .null: appendLiteral(at: index, "null", text: "")
      }
    }
    try endRecord()
  }

  /// Completes the output: closes the JSON array, or writes the CSV header when there were no
  /// records, and hands over what is buffered. Call it once, after the last record.
  /// - Throws: What the output throws.
  public mutating func finish() throws {
    guard !isFinished else { return }
    isFinished = true
    switch format {
    case .json: buffer.append(contentsOf: (count == 0 ? "[]\n" : "\n]\n").utf8)
    case .csv, .tsv: if count == 0 { appendHeader() }
    case .ndjson: break
    }
    try flush()
  }
}

extension RecordWriter {
  static let chunkSize = 1 << 16

  /// Starts a record: the array's bracket or the header before the first, a separator after.
  mutating func beginRecord() {
    precondition(!isFinished, "a finished RecordWriter cannot write more records")
    switch format {
    case .json: buffer.append(contentsOf: (count == 0 ? "[\n  " : ",\n  ").utf8)
    case .csv, .tsv: if count == 0 { appendHeader() }
    case .ndjson: break
    }
  }

  /// Appends the value of the key at `index`, rendered by `render` as UTF-8 text; JSON writes it
  /// without quotes when `isNumber` and the text is a JSON number.
  ///
  /// The value is rendered in place, at the end of the buffer: most values need no escapes, and
  /// only those that do are moved out and written again, escaped.
  mutating func appendValue(at index: Int, isNumber: Bool, _ render: (inout [UInt8]) -> Void) {
    switch format {
    case .ndjson, .json:
      buffer.append(index == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
      buffer.append(contentsOf: jsonKeys[index])
      if !isNumber { buffer.append(UInt8(ascii: "\"")) }
      var start = buffer.count
      render(&buffer)
      if isNumber {
        guard !InterchangeText.isJSONNumber(buffer[start...]) else { return }
        // Not a number (a duration another program stored as text): a string after all.
        buffer.insert(UInt8(ascii: "\""), at: start)
        start += 1
      }
      if buffer[start...].contains(where: InterchangeText.needsJSONEscape) {
        moveOut(from: start)
        for byte in scratch { InterchangeText.appendJSONEscaped(byte, to: &buffer) }
      }
      buffer.append(UInt8(ascii: "\""))
    case .csv:
      if index > 0 { buffer.append(UInt8(ascii: ",")) }
      let start = buffer.count
      render(&buffer)
      guard buffer[start...].contains(where: InterchangeText.needsCSVQuotes) else { return }
      moveOut(from: start)
      InterchangeText.appendCSVField(scratch, to: &buffer)
    case .tsv:
      if index > 0 { buffer.append(UInt8(ascii: "\t")) }
      let start = buffer.count
      render(&buffer)
      guard buffer[start...].contains(where: InterchangeText.needsTSVEscape) else { return }
      moveOut(from: start)
      InterchangeText.appendTSVField(scratch, to: &buffer)
    }
  }

  /// Appends a JSON literal (`true`, `false`, `null`) at the key at `index`; CSV and TSV write
  /// `text` (no literal needs quotes or escapes there).
  private mutating func appendLiteral(at index: Int, _ literal: String, text: String) {
    switch format {
    case .ndjson, .json:
      buffer.append(index == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
      buffer.append(contentsOf: jsonKeys[index])
      buffer.append(contentsOf: literal.utf8)
    case .csv, .tsv:
      appendValue(at: index, isNumber: false) { $0.append(contentsOf: text.utf8) }
    }
  }

  /// Moves the buffer's bytes from `start` on into `scratch`, to be written again escaped.
  private mutating func moveOut(from start: Int) {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: buffer[start...])
    buffer.removeSubrange(start...)
  }

  /// Ends a record, handing the buffer to the output once it holds a chunk.
  mutating func endRecord() throws {
    switch format {
    case .ndjson: buffer.append(contentsOf: "}\n".utf8)
    case .json: buffer.append(UInt8(ascii: "}"))
    case .csv: buffer.append(contentsOf: "\r\n".utf8)
    case .tsv: buffer.append(UInt8(ascii: "\n"))
    }
    count += 1
    if buffer.count >= Self.chunkSize { try flush() }
  }

  private mutating func appendHeader() {
    guard includesHeader else { return }
    for (index, key) in keys.enumerated() {
      appendValue(at: index, isNumber: false) { $0.append(contentsOf: key.utf8) }
    }
    buffer.append(contentsOf: (format == .csv ? "\r\n" : "\n").utf8)
  }

  mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    let text = String(decoding: buffer, as: UTF8.self)
    buffer.removeAll(keepingCapacity: true)
    try output(text)
  }
}
