#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Takes in what was committed to the file since the managed journeys were read, by other
  /// processes or other connections: each change in the log is applied to the managed journey it
  /// concerns, so that its observers see the new values, and a deleted journey is no longer
  /// managed. A field with an unsaved edit keeps the edit (`save()` then writes it over).
  ///
  /// Call it when `waitForCommit(using:timeout:)` returns `true`, or use `outsideChanges()`.
  /// - Returns: The changes read from the log, oldest first: every change committed by others
  ///   since the first journey was managed or `refresh()` last returned.
  /// - Throws: `SQLiteError` when the log cannot be read.
  @discardableResult
  public func refresh() throws -> [JourneyChange] {
    guard let position = changeLogPosition else {
      try markChangeLogPosition()
      return []
    }
    var changes: [JourneyChange] = []
    var lastBatch: Int64?
    try forEachChange(ChangeQuery(after: position, isNewestFirst: false)) { change in
      changeLogPosition = change.id
      lastBatch = change.batch
      guard !ownBatches.contains(change.batch) else { return }
      apply(change)
      changes.append(change)
    }
    if let lastBatch { ownBatches = ownBatches.filter { $0 > lastBatch } }
    collectEdits()
    return changes
  }

  /// Remembers where the change log ends, once: call it before reading the first journey to
  /// manage, so that `refresh()` later applies everything committed after that read.
  func markChangeLogPosition() throws {
    guard changeLogPosition == nil else { return }
    if dataVersion == nil { dataVersion = try connection.pragma("data_version") }
    changeLogPosition = try lastChangeID()
  }

  /// Applies the changes of one of this store's own batches to the managed journeys, which
  /// `refresh()` then skips: what an undo or a redo changed.
  func applyOwnBatch(_ batch: Int64) throws {
    try forEachChange(ChangeQuery(batch: batch, isNewestFirst: false)) { apply($0) }
    ownBatches.insert(batch)
    collectEdits()
  }

  /// Applies one change of the log to the managed journey it concerns.
  private func apply(_ change: JourneyChange) {
    guard var entry = managed[change.journeyID] else { return }
    switch change.kind {
    case .insert:
      break
    case .delete:
      managed[change.journeyID] = nil
      candidates.remove(change.journeyID)
    case .update:
      guard let field = change.field, let new = change.newValue?.stored,
        let index = JourneyField.all.firstIndex(of: field)
      else { return }
      if field.read(entry.object) == entry.saved[index] {
        _ = field.write(entry.object, new)
      }
      entry.saved[index] = new
      managed[change.journeyID] = entry
    }
  }
}
