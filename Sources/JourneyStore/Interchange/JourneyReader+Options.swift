extension JourneyReader {
  /// How a reader reads a CSV or TSV table: its separator, and what it does with a column that
  /// names no journey key.
  public struct Options: Sendable {
    /// The byte between CSV fields (`,`, `;`, a tab, `|`); `nil` to take the one the header line
    /// has most of, outside quotes, among these four (a comma when none is more frequent).
    public var delimiter: Unicode.Scalar?
    /// Whether a column that names no journey key is refused (`true`) or ignored, its values
    /// unread (`false`). A column that looks like a misspelt key (`transprot`) is refused either
    /// way: ignoring it would lose the values it was meant to carry.
    public var refusesUnknownColumns: Bool
    /// Whether a record may leave out fields (the name included), which the journey of its id
    /// then keeps: what `ConflictPolicy.update` imports. Otherwise a record without a type, a
    /// start or a duration is refused, and one without a name has an empty name.
    public var acceptsPartialRecords: Bool
    /// Whether text cells may carry the quote that `export --spreadsheet` puts before a cell
    /// starting with `=`, `+`, `-`, `@` or a quote, so that no spreadsheet runs it as a formula:
    /// one such quote is dropped from a name that starts with it.
    public var readsSpreadsheetCells: Bool

    /// Options: the delimiter from the header, unknown columns refused unless told otherwise.
    public init(
      delimiter: Unicode.Scalar? = nil, refusesUnknownColumns: Bool = true, acceptsPartialRecords: Bool = false,
      readsSpreadsheetCells: Bool = false
    ) {
      self.delimiter = delimiter
      self.refusesUnknownColumns = refusesUnknownColumns
      self.acceptsPartialRecords = acceptsPartialRecords
      self.readsSpreadsheetCells = readsSpreadsheetCells
    }

    /// The delimiters a CSV header is searched for, the first winning a tie.
    public static let delimiters: [Unicode.Scalar] = [",", ";", "\t", "|"]
  }
}
