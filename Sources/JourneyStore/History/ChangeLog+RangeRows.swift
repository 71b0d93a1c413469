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
    var values: [DatabaseValue] = [.integer(span.id)]
    let keys = span.isAnchored ? Self.anchoredKeys : Self.journeyKeys
    var bounds = keys
    if let from, from != .min {
      // From the place on: the bound on the id turned into one on the key, inside the range's
      // own bounds, where SQLite seeks to it (a second bound beside them it would only check).
      values.append(.integer(from))
      let bound = "\(keys.first) + (\(sign)?\(values.count) - r.first_change)"
      if reading.isInverted {
        bounds.last = "min(\(keys.last), \(bound))"
      } else {
        bounds.first = "max(\(keys.first), \(bound))"
      }
    }
    let (journey, id) = span.isAnchored ? ("d.journey", Self.anchoredChangeID) : ("j.id", Self.rangeChangeID)
    let (place, key) = ("\(sign)(\(id))", span.isAnchored ? "d.id" : "j.rowid")
    var condition = ""
    if let journeyID {
      values.append(.text(journeyID.lowercasedText))
      let parameter = "?\(values.count)"
      condition = span.isAnchored ? "\(Self.names(journey: parameter, in: journey)) AND " : "j.id = \(parameter) AND "
    }
    let source = span.isAnchored
      ? Self.anchored(where: condition, keys: bounds) : Self.journeys(where: condition, keys: bounds)
    let order = isDescending ? "DESC" : "ASC"
    try connection.forEachRow(
      """
      SELECT \(place), \(journey), 'insert', \(Self.noValues) FROM \(source)
      WHERE r.id = ?1 ORDER BY \(key) \(order)
      """,
      values
    ) { row in
      if let read = Row(row: row, reading: reading) { try body(read) }
    }
  }
}
