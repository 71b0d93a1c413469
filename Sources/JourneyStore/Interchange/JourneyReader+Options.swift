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

    /// Options: the delimiter from the header, unknown columns refused unless told otherwise.
    public init(delimiter: Unicode.Scalar? = nil, refusesUnknownColumns: Bool = true) {
      self.delimiter = delimiter
      self.refusesUnknownColumns = refusesUnknownColumns
    }

    /// The delimiters a CSV header is searched for, the first winning a tie.
    public static let delimiters: [Unicode.Scalar] = [",", ";", "\t", "|"]
  }
}
