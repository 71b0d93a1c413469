#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads journeys from NDJSON, a JSON array, CSV or TSV, one at a time and without holding the
/// whole input, under the keys of `JourneyRecord` (`id` optional, `endDate` optional and checked).
///
/// Each value is read by its field's own parser, so input accepts what `roadtrip set` accepts;
/// a record that is malformed or not a valid journey is an `InterchangeError.malformed` that
/// names its line. A UTF-8 byte-order mark at the start of the input is skipped. A CSV or TSV
/// header names its columns as `roadtrip set` names fields: in any case, aliases allowed. TSV may
/// also come without a header, as `roadtrip list` writes it into a pipe: a first line that starts
/// with a journey id is a journey, with the columns `JourneyRecord.keys` in order.
///
/// A table may give `end` (or `endDate`) instead of the duration: the duration is the time from
/// the start to the end. Given both, they must agree. A CSV header's separator is the one the
/// header has most of, unless `Options.delimiter` says; a column that names no key is refused or
/// ignored as `Options.refusesUnknownColumns` says. Without a format, the reader tells it from the
/// first bytes (`InterchangeFormat.sniffed`).
public final class JourneyReader {
  /// The format read: the one given, or the one the first bytes tell once the first journey has
  /// been read (NDJSON until then).
  public private(set) var format: InterchangeFormat
  /// Whether the format is yet to be told from the first bytes.
  private var sniffsFormat: Bool
  /// Whether the format was told from the first bytes and they looked like none: not a JSON
  /// array or object, nor a table's header. The reader reads NDJSON then, the format of a stream.
  public internal(set) var isFormatUnrecognised = false
  /// How tables are read.
  let options: Options
  /// The separator of CSV fields, once the header has been read: the one given, else the one
  /// the header has most of.
  public internal(set) var delimiter: Unicode.Scalar?
  /// Whether `delimiter` was taken from the header rather than given.
  public var isDelimiterFromHeader: Bool { options.delimiter == nil && delimiter != nil }
  /// The CSV or TSV columns that name no journey key and were ignored, as the header names them.
  public internal(set) var ignoredColumns: [String] = []
  /// Whether a start read so far was a local time: a date without an offset (`2026-11-21
  /// 08:00`, as a spreadsheet writes it) or words (`tomorrow 9am`), read in the process's time
  /// zone, which an import should name.
  public internal(set) var readsLocalTimes = false
  let input: ByteInput
  /// The most bytes one record may take: a longer one is refused rather than held in memory.
  let maximumRecordSize: Int
  /// The line the next record starts on, counted from 1.
  var line = 1
  private var state = State.start
  /// Whether the input is yet to be read from its first byte (where a byte-order mark may be).
  private var isAtInputStart = true

  private enum State {
    case start
    /// Reading a JSON array: whether an element has been read.
    case inArray(afterElement: Bool)
    /// Reading CSV or TSV: for each column, the index of its key in `JourneyRecord.keys`.
    case inTable(columns: [Int])
    case finished
  }

  /// The most bytes a record may take unless a reader is told otherwise: 16 MiB.
  public static let defaultMaximumRecordSize = 16 << 20

  /// A reader of the input open on a file descriptor, which stays the caller's to close.
  /// - Parameters:
  ///   - format: The format, or `nil` to tell it from the first bytes.
  ///   - options: How to read CSV and TSV.
  public convenience init(descriptor: Int32, format: InterchangeFormat?, options: Options = Options()) {
    self.init(descriptor: descriptor, format: format, options: options, chunkSize: 1 << 18)
  }

  /// A reader that reads `chunkSize` bytes at a time, and refuses a record of more than
  /// `maximumRecordSize` bytes.
  init(
    descriptor: Int32, format: InterchangeFormat?, options: Options = Options(), chunkSize: Int,
    maximumRecordSize: Int = JourneyReader.defaultMaximumRecordSize
  ) {
    self.format = format ?? .ndjson
    sniffsFormat = format == nil
    self.options = options
    self.maximumRecordSize = maximumRecordSize
    input = ByteInput(descriptor: descriptor, chunkSize: chunkSize)
  }

  /// A reader of text that is all in memory.
  /// - Parameters:
  ///   - format: The format, or `nil` to tell it from the first bytes.
  ///   - options: How to read CSV and TSV.
  public convenience init(text: String, format: InterchangeFormat?, options: Options = Options()) {
    self.init(bytes: Array(text.utf8), format: format, options: options)
  }

  /// A reader of bytes that are all in memory, which need not be valid UTF-8.
  init(
    bytes: [UInt8], format: InterchangeFormat?, options: Options = Options(),
    maximumRecordSize: Int = JourneyReader.defaultMaximumRecordSize
  ) {
    self.format = format ?? .ndjson
    sniffsFormat = format == nil
    self.options = options
    self.maximumRecordSize = maximumRecordSize
    input = ByteInput(bytes: bytes)
  }

  /// The next journey, or `nil` after the last.
  /// - Throws: `InterchangeError`.
  func next() throws(InterchangeError) -> ImportedJourney? {
    if isAtInputStart {
      try input.skipByteOrderMark()
      isAtInputStart = false
      if sniffsFormat {
        format = try sniffedFormat()
        sniffsFormat = false
      }
    }
    while true {
      let start = input.position
      var scannedState = state
      let outcome = input.buffer.withUnsafeBufferPointer { bytes in
        Result { () throws(JSONScanner.Failure) -> ScannedRecord in
          try scanRecord(bytes, from: start, state: &scannedState)
        }
      }
      switch outcome {
      case .success(let (recordStart, end, values, counted)):
        state = scannedState
        let lines = counted ?? (newlines(from: start, to: recordStart), newlines(from: start, to: end))
        let recordLine = line + lines.before
        line += lines.all
        input.position = end
        guard let values else { return nil }
        defer { recordValues = values }
        return try input.buffer.withUnsafeBufferPointer { bytes in
          Result { () throws(InterchangeError) -> ImportedJourney in
            try journey(from: values, line: recordLine, in: bytes)
          }
        }.get()
      case .failure(.incomplete):
        guard input.pendingCount <= maximumRecordSize else {
          throw .malformed(
            line: line + newlines(from: start, to: lastRecordStart ?? firstNonBlank(from: start)),
            reason: "a record is longer than \(Self.sizeText(maximumRecordSize)); a journey takes far less")
        }
        guard try input.readMore(maximumPending: maximumRecordSize + 1) else {
          throw .malformed(line: line, reason: "the input ends inside a record")
        }
      case .failure(.malformed(let reason)):
        let offset = newlines(from: start, to: min(input.buffer.count, scanFailureIndex))
        throw .malformed(line: line + offset, reason: reason)
      }
    }
  }

  /// A size in bytes as people read it: `16 MiB`, `4096 bytes`.
  private static func sizeText(_ size: Int) -> String {
    size % (1 << 20) == 0 ? "\(size >> 20) MiB" : "\(size) bytes"
  }

  /// Where the last failed scan stopped, to name the line of the error.
  private var scanFailureIndex = 0
  /// Where the record the last scan read (or ran out of input in) starts, once past a CSV or TSV
  /// header and JSON's punctuation: the line of a record too long to read.
  private var lastRecordStart: Int?

  /// Where a record starts and ends in the buffer, its values by key index (`nil` at the end of
  /// the input), and the newlines from where the scan started to the record's start and to its
  /// end when the scanner counted them (else the reader counts them in the buffer).
  private typealias ScannedRecord = (
    start: Int, end: Int, values: [ScannedValue?]?, newlines: (before: Int, all: Int)?
  )

  /// The array the next record's values go in, by key index: one array from record to record
  /// (`emptiedRecordValues()`), so that a record allocates none.
  private var recordValues: [ScannedValue?] = []

  /// `recordValues`, taken (the reader holds it no more until it is given back) and emptied.
  private func emptiedRecordValues() -> [ScannedValue?] {
    var values = recordValues
    recordValues = []
    guard values.count == JourneyRecord.keys.count else {
      return [ScannedValue?](repeating: nil, count: JourneyRecord.keys.count)
    }
    for index in values.indices { values[index] = nil }
    return values
  }

  /// Scans one record, updating `state` (which the caller keeps only when the scan succeeds).
  private func scanRecord(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, state: inout State
  ) throws(JSONScanner.Failure) -> ScannedRecord {
    lastRecordStart = nil
    switch (state, format) {
    case (.finished, _):
      return (start, start, nil, (0, 0))
    case (_, .csv):
      let separator = try csvSeparator(bytes, from: start)
      return try scanTableRecord(
        CSVScanner(bytes, at: start, isFinal: input.isAtEnd, separator: separator), state: &state)
    case (_, .tsv):
      return try scanTableRecord(TSVScanner(bytes, at: start, isFinal: input.isAtEnd), state: &state)
    case (_, .json), (_, .ndjson):
      var scanner = JSONScanner(bytes, at: start, isFinal: input.isAtEnd, isLineDelimited: format == .ndjson)
      defer { scanFailureIndex = scanner.index }
      if format == .json {
        guard try scanJSONArrayPunctuation(&scanner, state: &state) else {
          return (scanner.index, scanner.index, nil, (scanner.newlines, scanner.newlines))
        }
      } else {
        guard try scanner.peekAfterWhitespace() != nil else {
          state = .finished
          return (scanner.index, scanner.index, nil, (scanner.newlines, scanner.newlines))
        }
      }
      guard try scanner.peekAfterWhitespace() != nil else { throw .malformed("the input ends inside a record") }
      let recordStart = scanner.index
      let newlinesBefore = scanner.newlines
      lastRecordStart = recordStart
      var values = emptiedRecordValues()
      try scanner.object { key, value throws(JSONScanner.Failure) in
        let index = try Self.keyIndex(of: key)
        guard values[index] == nil else { throw .malformed("the key '\(JourneyRecord.keys[index])' appears twice") }
        values[index] = ScannedValue(value)
      }
      if format == .ndjson {
        guard let next = try scanner.peekAfterWhitespace(stoppingAtNewline: true) else {
          return (recordStart, scanner.index, values, (newlinesBefore, scanner.newlines))
        }
        guard next == UInt8(ascii: "\n") else { throw .malformed("a line must hold one JSON object and nothing else") }
        scanner.skip()
      } else {
        state = .inArray(afterElement: true)
      }
      return (recordStart, scanner.index, values, (newlinesBefore, scanner.newlines))
    }
  }

  /// Scans one CSV or TSV record, and the header before the first: a record with the wrong number
  /// of fields is reported at the line it starts on.
  private func scanTableRecord<Scanner: TableScanner & ~Copyable>(
    _ scanner: consuming Scanner, state: inout State
  ) throws(JSONScanner.Failure) -> ScannedRecord {
    defer { scanFailureIndex = scanner.index }
    try scanner.skipEmptyLines()
    guard !scanner.isAtEnd else {
      state = .finished
      return (scanner.index, scanner.index, nil, nil)
    }
    let columns: [Int]
    if case .inTable(let known) = state {
      columns = known
    } else {
      let headerStart = scanner.index
      let header = try scanner.record()
      if format == .tsv, let first = header.first, UUID(text: first.utf8) != nil {
        // No header: the first line is already a journey, in the columns `list` writes.
        scanner.rewind(to: headerStart)
        columns = Array(JourneyRecord.keys.indices)
      } else {
        do {
          columns = try self.columns(of: header)
        } catch {
          scanner.rewind(to: headerStart)
          throw error
        }
      }
      state = .inTable(columns: columns)
      try scanner.skipEmptyLines()
      guard !scanner.isAtEnd else {
        state = .finished
        return (scanner.index, scanner.index, nil, nil)
      }
    }
    let recordStart = scanner.index
    lastRecordStart = recordStart
    let fields = try scanner.record()
    guard fields.count == columns.count else {
      scanner.rewind(to: recordStart)
      throw .malformed("\(fields.count) fields where the \(format == .tsv ? "columns are" : "header has") \(columns.count)")
    }
    var values = emptiedRecordValues()
    for (column, field) in zip(columns, fields)
    where column != Self.ignoredColumn && (!field.isEmpty || JourneyRecord.keys[column] == JourneyField.name.name) {
      values[column] = .text(field)
    }
    return (recordStart, scanner.index, values, nil)
  }

  /// Reads the `[`, `,` or `]` before the next element of a JSON array.
  /// - Returns: `false` after the closing `]`.
  private func scanJSONArrayPunctuation(
    _ scanner: inout JSONScanner, state: inout State
  ) throws(JSONScanner.Failure) -> Bool {
    switch state {
    case .start:
      guard try scanner.peekAfterWhitespace() == UInt8(ascii: "[") else { throw .malformed("expected a JSON array of journeys") }
      scanner.skip()
      state = .inArray(afterElement: false)
      if try scanner.peekAfterWhitespace() == UInt8(ascii: "]") {
        scanner.skip()
        return try finishJSONArray(&scanner, state: &state)
      }
      return true
    case .inArray(afterElement: true):
      switch try scanner.peekAfterWhitespace() {
      case UInt8(ascii: ","): scanner.skip(); return true
      case UInt8(ascii: "]"): scanner.skip(); return try finishJSONArray(&scanner, state: &state)
      default: throw .malformed("expected ',' or ']' after a journey")
      }
    default:
      return true
    }
  }

  private func finishJSONArray(_ scanner: inout JSONScanner, state: inout State) throws(JSONScanner.Failure) -> Bool {
    guard try scanner.peekAfterWhitespace() == nil else { throw .malformed("nothing may follow the JSON array") }
    state = .finished
    return false
  }

  private static let keyBytes = JourneyRecord.keys.map { Array($0.utf8) }

  private static func isKey(_ candidate: [UInt8], _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    guard candidate.count == key.count else { return false }
    for offset in key.indices where candidate[offset] != key[offset] { return false }
    return true
  }

  private static func keyIndex(of key: UnsafeBufferPointer<UInt8>) throws(JSONScanner.Failure) -> Int {
    if let index = keyBytes.firstIndex(where: { isKey($0, key) }) { return index }
    let name = String(decoding: key, as: UTF8.self)
    let suggestion = name.nearest(among: JourneyRecord.keys.map { ($0, $0) })
    let valid = JourneyRecord.keys.joined(separator: ", ")
    throw .malformed("'\(name)' is not a journey key\(suggestion.map { " (did you mean '\($0)'?)" } ?? ""); the keys are: \(valid)")
  }

  /// The first byte from `start` on that is not a space, tab, carriage return or newline, nor in
  /// a JSON array the `[` or `,` before an element: where a record starts.
  private func firstNonBlank(from start: Int) -> Int {
    let blanks: [UInt8] = format == .json ? [0x20, 0x09, 0x0D, 0x0A, UInt8(ascii: "["), UInt8(ascii: ",")] : [0x20, 0x09, 0x0D, 0x0A]
    return input.buffer[start...].firstIndex { !blanks.contains($0) } ?? input.buffer.count
  }

  /// The number of newlines between two positions of the buffer: a loop over its bytes (a
  /// `reduce` over the array's slice is generic, and an import counts the newlines of every line).
  private func newlines(from start: Int, to end: Int) -> Int {
    input.buffer.withUnsafeBufferPointer { bytes in
      var count = 0
      for index in start..<end where bytes[index] == UInt8(ascii: "\n") { count += 1 }
      return count
    }
  }
}
