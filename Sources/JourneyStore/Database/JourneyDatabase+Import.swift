#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Imports every journey a reader reads, all or nothing: one immediate transaction, recorded as
  /// one batch of the change log (inserts without their values; replacements as updates).
  ///
  /// Memory stays flat however large the input: journeys are read, checked and inserted one at a
  /// time, and are not managed. A journey without an id gets a new one.
  /// - Parameters:
  ///   - reader: The input.
  ///   - onConflict: What to do with a journey whose id is already taken.
  ///   - progress: Called now and then with the number of journeys read so far.
  /// - Returns: How many journeys were inserted, skipped and replaced.
  /// - Throws: `InterchangeError` for malformed input or a conflict under `.fail` (naming the
  ///   line), or `SQLiteError`; the database is unchanged then.
  public func importJourneys(
    from reader: JourneyReader, onConflict: ConflictPolicy = .fail, progress: ((Int) -> Void)? = nil
  ) throws -> ImportSummary {
    var summary = ImportSummary()
    var replaced: [(UUID, [DatabaseValue])] = []
    try write { batch in
      var deferral = try IndexDeferral(connection: connection)
      while let journey = try reader.next() {
        let id = journey.id ?? .random()
        do {
          try batch.insert(id: id, values: journey.values)
          summary.inserted += 1
        } catch JourneyDatabaseError.duplicateID {
          switch onConflict {
          case .fail:
            throw InterchangeError.malformed(
              line: journey.line,
              reason: "a journey with the id \(id.lowercasedText) already exists; "
                + "use --on-conflict skip or --on-conflict replace")
          case .skip:
            summary.skipped += 1
          case .replace:
            if try batch.replace(id: id, values: journey.values) {
              summary.replaced += 1
              if identityMap.contains(id) { replaced.append((id, journey.values)) }
            } else {
              summary.unchanged += 1
            }
          }
        } catch let error as SQLiteError where error.kind == .constraint {
          throw InterchangeError.malformed(line: journey.line, reason: error.message)
        }
        try deferral.noteInserted(summary.inserted)
        if summary.total % IndexDeferral.threshold == 0 { progress?(summary.total) }
      }
      try batch.recordInserts()
      try deferral.rebuild()
    }
    progress?(summary.total)
    for (id, values) in replaced {
      refresh(id, with: values)
    }
    return summary
  }
}
