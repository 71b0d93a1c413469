#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ChangeLog {
  /// One row of the log as its batch applies it (turned round by `EffectiveRows` for a derived
  /// batch that reads its source's rows the other way round): one write to one journey.
  struct Row {
    /// The write's place in its batch (`JourneyChange.ID.write`): later writes are greater.
    let write: Int64
    let journeyID: UUID
    let kind: JourneyChange.Kind
    /// The fields the row holds a value of, before or after the write: an update's changed
    /// fields, a delete's recorded values; none for an insert (the journey row holds them), whose
    /// values are all `.null` here.
    let fields: JourneyFieldSet
    /// Each field's value before the write, `.null` outside `fields`.
    let before: JourneyValues
    /// Each field's value after the write, `.null` outside `fields`.
    let after: JourneyValues
  }

  /// Hands `body` each row of a batch's changes, in the order the batch applies them (or the
  /// newest first), optionally only those of one journey, and only from the write at `from` on
  /// (a `JourneyChange.ID.write`) when given. A row whose journey is not named by a UUID (the
  /// journey table refuses none that roadtrip writes) is left out.
  ///
  /// The batch's rows of `change` are read through the index by batch, each of its ranges
  /// (`forEachRow(ofRange:…)`) where its ids fall among them: no statement sorts the batch's
  /// rows, so reading a slice of a million-row import costs the slice.
  func forEachRow(
    of batch: BatchRecord, journeyID: UUID? = nil, isNewestFirst: Bool = false, from: Int64? = nil,
    _ body: (Row) throws -> Void
  ) throws {
    guard from != .max else { return }
    let reading = batch.effectiveRows
    let order = reading.order(isNewestFirst: isNewestFirst)
    let isDescending = reading.isDescending(isNewestFirst: isNewestFirst)
    // A row's id from its place (`Row.write`), and whether a range still has rows from `from` on.
    let id = { (place: Int64) in reading.isInverted ? -place : place }
    let bound = from.flatMap { $0 == .min ? nil : id($0) }
    var spans = try rangeSpans(ofBatch: batch.source).filter { span in
      guard let bound else { return true }
      return reading.isInverted ? span.firstChange <= bound : span.lastChange >= bound
    }
    if isDescending { spans.reverse() }
    var next = spans.startIndex
    // Reads the ranges whose ids come before `row`'s in the reading order (all that are left,
    // without one).
    func readRanges(before row: Int64?) throws {
      while next < spans.endIndex {
        let span = spans[next]
        if let row, isDescending ? span.firstChange < row : span.lastChange > row { return }
        next += 1
        try forEachRow(
          ofRange: span, reading: reading, isDescending: isDescending, journeyID: journeyID, from: from, body)
      }
    }
    var conditions = ["batch = ?1"]
    var values: [DatabaseValue] = [.integer(batch.source)]
    if let journeyID {
      values.append(.text(journeyID.lowercasedText))
      conditions.append("journey = ?\(values.count)")
    }
    if let from, from != .min {
      values.append(.integer(from))
      conditions.append(reading.fromWrite("?\(values.count)"))
    }
    try connection.forEachRow(
      "SELECT \(reading.columns) FROM change WHERE \(conditions.joined(separator: " AND ")) ORDER BY id \(order)",
      values
    ) { row in
      try readRanges(before: id(row.integer(at: 0)))
      if let read = Row(row: row, reading: reading) { try body(read) }
    }
    try readRanges(before: nil)
  }

  /// Every row of a batch's changes, in the order the batch applies them.
  func rows(of batch: BatchRecord) throws -> [Row] {
    var rows: [Row] = []
    try forEachRow(of: batch) { rows.append($0) }
    return rows
  }
}

extension ChangeLog.Row {
  /// The row a statement of `SELECT \(reading.columns)` is positioned on, `nil` when its journey
  /// is not named by a UUID or its kind is not one of the log's.
  init?(row: Statement, reading: EffectiveRows) {
    guard let journeyID = row.withText(at: 1, { UUID(text: $0) }),
      let stored = JourneyChange.Kind(rawValue: row.text(at: 2))
    else { return nil }
    let kind = reading.kind(stored: stored)
    // An insert's values are the journey row's: an inverted delete's are not read (a follower
    // reads an import's million inserts).
    guard kind != .insert else {
      self.init(
        write: row.integer(at: 0), journeyID: journeyID, kind: kind, fields: [], before: Self.noValues,
        after: Self.noValues)
      return
    }
    let count = JourneyField.all.count
    let before = JourneyValues((0..<count).map { row.value(at: Int32(3 + $0)) })
    let after = JourneyValues((0..<count).map { row.value(at: Int32(3 + count + $0)) })
    var fields = JourneyFieldSet()
    for field in JourneyField.all where before[field] != .null || after[field] != .null {
      fields.insert(field)
    }
    self.init(
      write: row.integer(at: 0), journeyID: journeyID, kind: kind, fields: fields, before: before, after: after)
  }

  /// No value for any field.
  private static let noValues = JourneyValues(Array(repeating: .null, count: JourneyField.all.count))
}

extension ChangeLog.BatchRecord {
  /// How the rows this batch reads (those of `source`) apply.
  var effectiveRows: EffectiveRows { EffectiveRows(isInverted: isInverted) }
}
