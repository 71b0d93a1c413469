#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ChangeLog {
  /// A range of a batch's inserts (`Schema.version7`) as a reader of the batch walks it: the
  /// ids it gives its rows, one after the other. No other row of the log takes an id in between.
  struct RangeSpan {
    /// The range's own id (its `change_range` row).
    let id: Int64
    let firstChange: Int64
    let count: Int64
    /// Whether an undo anchored it to its `delete` rows (`Schema.version8`).
    let isAnchored: Bool

    var lastChange: Int64 { firstChange + count - 1 }
  }

  /// The ranges of a batch, in the order of the ids they give.
  func rangeSpans(ofBatch batch: Int64) throws -> [RangeSpan] {
    var spans: [RangeSpan] = []
    try connection.forEachRow(
      "SELECT id, first_change, journeys, first_delete IS NOT NULL FROM change_range WHERE batch = ? ORDER BY first_change",
      [.integer(batch)]
    ) { row in
      spans.append(
        RangeSpan(id: row.integer(at: 0), firstChange: row.integer(at: 1), count: row.integer(at: 2),
          isAnchored: row.integer(at: 3) != 0))
    }
    return spans
  }

  /// Hands `body` the rows of one range, read as `reading` says, in the order of their ids
  /// (`isDescending`: the newest first), only those of one journey, and only those from the
  /// write at `from` on, when given. The journeys are read by rowid from the range's first (or
  /// the undo's rows by id), in that order: nothing is sorted, so a reader that stops part way
  /// and comes back from where it stopped pays for what it reads, not for the range.
  func forEachRow(
    ofRange span: RangeSpan, reading: EffectiveRows, isDescending: Bool, journeyID: UUID?, from: Int64?,
    _ body: (Row) throws -> Void
  ) throws {
    // The row's place: its id, or minus its id read the other way round.
    let sign = reading.isInverted ? "-" : ""
    let order = isDescending ? "DESC" : "ASC"
    var values: [DatabaseValue] = [.integer(span.id)]
    let (key, first, place) = span.isAnchored
      ? ("d.id", "r.first_delete", "\(sign)(r.first_change + d.id - r.first_delete)")
      : ("j.rowid", "f.rowid", "\(sign)(r.first_change + j.rowid - f.rowid)")
    var (lower, upper) = (first, "\(first) + r.journeys - 1")
    if let from, from != .min {
      // From the place on: the bound on the id turned into one on the key, inside the range's
      // own bounds, where SQLite seeks to it (a second bound beside them it would only check).
      values.append(.integer(from))
      let bound = "\(first) + (\(sign)?\(values.count) - r.first_change)"
      if reading.isInverted { upper = "min(\(upper), \(bound))" } else { lower = "max(\(lower), \(bound))" }
    }
    var conditions = ""
    if let journeyID {
      values.append(.text(journeyID.lowercasedText))
      conditions += span.isAnchored
        ? " AND \(Self.names(journey: "?\(values.count)", in: "d.journey"))" : " AND j.id = ?\(values.count)"
    }
    let source = span.isAnchored
      ? "change_range r JOIN change d ON d.id BETWEEN \(lower) AND \(upper)"
      : """
        change_range r JOIN journey f ON f.id = r.first_journey
        JOIN journey j ON j.rowid BETWEEN \(lower) AND \(upper)
        """
    let journey = span.isAnchored ? "d.journey" : "j.id"
    let noValues = Array(repeating: "NULL", count: 2 * JourneyField.all.count).joined(separator: ", ")
    try connection.forEachRow(
      "SELECT \(place), \(journey), 'insert', \(noValues) FROM \(source)\(conditions) WHERE r.id = ?1 ORDER BY \(key) \(order)",
      values
    ) { row in
      if let read = Row(row: row, reading: reading) { try body(read) }
    }
  }
}
