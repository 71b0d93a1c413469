import JourneyStore

/// Prints journeys to standard output in an output format, one at a time: interchange formats
/// and ids are written as they come (memory stays flat). A table on a terminal fits its width
/// and is sized from its first `sampleSize` rows, then streamed; elsewhere it is aligned once all
/// are in, and never cut.
struct JourneyPrinter {
  /// The writer of an interchange format, when the format is one.
  private var writer: JourneyWriter?
  /// The table being filled, when the format is `table`.
  private var table: TextTable?
  private let includesHeader: Bool
  private let style: Style
  private let output: BufferedOutput
  /// The keys printed, in order (`--fields`).
  private let keys: [String]
  /// The number of journeys printed so far.
  private(set) var count = 0

  /// - Parameter keys: The keys, and columns, to print, in order (`--fields`); all by default.
  init(
    format: OutputFormat, includesHeader: Bool? = nil, keys: [String] = JourneyRecord.keys,
    output: BufferedOutput = .standard, style: Style = .standardOutput
  ) {
    let includesHeader = includesHeader ?? format.includesHeaderByDefault
    self.includesHeader = includesHeader
    self.style = style
    self.output = output
    self.keys = keys
    if let interchange = format.interchangeFormat {
      writer = JourneyWriter(format: interchange, keys: keys, includesHeader: includesHeader) { try output.write($0) }
    } else if format == .ids {
      // One id a line is TSV of the id alone, without a header: written straight from the rows,
      // as the interchange formats are, not through a journey object and its `uuidString`.
      writer = JourneyWriter(format: .tsv, keys: [JourneyRecord.keys[0]], includesHeader: false) {
        try output.write($0)
      }
    } else if format == .table {
      table = .journeys(fitting: TerminalSize.fittingColumns(of: output), keys: keys)
    }
  }
}

extension JourneyPrinter {
  /// Prints one journey.
  /// - Throws: `CommandError` when standard output cannot be written.
  mutating func print(_ journey: Journey) throws {
    count += 1
    if writer != nil {
      try writer?.write(journey)
    } else {
      table?.append(journey, style: style, keys: keys)
      try printTableRows()
    }
  }

  /// Prints every journey a query selects: in an interchange format straight from the database
  /// rows, without making journey objects.
  /// - Parameter onUnreadable: Called for each journey roadtrip cannot read as it is, which is
  ///   left out; by default it rethrows the error.
  /// - Throws: `CommandError` when standard output cannot be written, or the database's errors.
  mutating func print(
    _ query: JourneyQuery, from database: JourneyDatabase,
    onUnreadable: (JourneyDatabaseError) throws -> Void = { throw $0 }
  ) throws {
    guard var writer else {
      try database.forEachJourney(query, onUnreadable: onUnreadable) { try print($0) }
      return
    }
    let before = writer.journeyCount
    defer { self.writer = writer }
    try database.write(query, to: &writer, onUnreadable: onUnreadable)
    count += writer.journeyCount - before
  }

  /// Completes the output: closes a JSON array, prints the rest of a table.
  /// - Throws: `CommandError` when standard output cannot be written.
  mutating func finish() throws {
    try writer?.finish()
    if table?.rows.isEmpty == false {
      try output.write(table!.render(style: style, includesHeader: includesHeader, decorate: decorate(style)))
    }
  }

  /// The rows of a table that fits a terminal: once `sampleSize` rows have sized its columns,
  /// those and every later row as it comes.
  private mutating func printTableRows() throws {
    guard var table, table.fitting != nil else { return }
    if table.frozenWidths != nil {
      try output.write(table.render(style: style, includesHeader: includesHeader, decorate: decorate(style)))
    } else if table.rows.count >= Self.sampleSize {
      try output.write(table.freezeWidths(style: style, includesHeader: includesHeader, decorate: decorate(style)))
      try output.flush()  // the first screen at once, before the rest is read
    }
    self.table = table
  }

  /// How many rows size the columns of a table that is streamed: a few screens.
  static let sampleSize = 100

  /// Ids in yellow, as git shows hashes.
  private func decorate(_ style: Style) -> (Int, String) -> String {
    let idColumn = keys.firstIndex(of: JourneyRecord.keys[0])
    return { column, text in column == idColumn ? style.yellow(text) : text }
  }
}
