#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Whether a managed journey has edits that are not saved.
  ///
  /// Costs time in proportion to the journeys edited, not to those managed. A field whose
  /// write-through write is on its way does not count: it is being saved.
  public var hasChanges: Bool {
    takeWriteThroughOutcomes()
    collectEdits()
    return candidates.contains { id in
      guard let entry = managed[id] else { return false }
      let current = entry.current
      return current.indices.contains { entry.saved[$0] != current[$0] && !pendingWrites.isInFlight(id: id, field: $0) }
    }
  }

  /// Writes the edited fields of the managed journeys, and nothing else, in one immediate
  /// transaction recorded as one batch of the change log.
  ///
  /// When it fails, the file is unchanged and the edits stay, unsaved (as SwiftData keeps them):
  /// save again once the cause is gone (a lock released), or `rollback()` to discard them.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when another process deleted an edited
  ///   journey, or `SQLiteError` (a refused value, a lock held past the busy timeout, a full disk,
  ///   a read-only file).
  public func save() throws {
    try save(only: nil)
  }

  /// Discards unsaved edits: the managed journeys return to their last saved values, and their
  /// observers see it.
  public func rollback() {
    collectEdits()
    for id in candidates {
      managed[id]?.restore()
    }
    collectEdits()
    for id in candidates {
      managed[id]?.holdWhileEdited()
    }
    candidates.removeAll()
    liveLists.invalidateAll()
  }

  /// Saves the edits of some managed journeys, or of all when `ids` is `nil`; of some of their
  /// fields (positions in `JourneyField.all`), or of all when `fields` is `nil`.
  ///
  /// When it fails, nothing is written and the edits stay, unsaved: a retry after a lock timeout
  /// can save them, and `rollback()` discards them.
  func save(only ids: Set<UUID>?, fields: Set<Int>? = nil) throws {
    waitForPendingWrites()
    collectEdits()
    let ids = ids.map { candidates.intersection($0) } ?? candidates
    let pending = ids.sorted { $0.uuidString < $1.uuidString }.compactMap { id in
      managed[id].flatMap { entry -> (id: UUID, saved: [DatabaseValue], current: [DatabaseValue], fields: [Int])? in
        let current = entry.current
        let edited = JourneyField.all.indices.filter { entry.saved[$0] != current[$0] && fields?.contains($0) ?? true }
        return edited.isEmpty ? nil : (id, entry.saved, current, edited)
      }
    }
    try write { batch in
      for journey in pending {
        // The log records the value the file held, which another process may have changed
        // since this one read it: an undo then puts back what was really there.
        guard let stored = try JourneyRow.values(of: journey.id, in: connection) else {
          throw JourneyDatabaseError.journeyNotFound(journey.id.lowercasedText)
        }
        let old = JourneyField.all.indices.map { journey.fields.contains($0) ? stored[$0] : journey.current[$0] }
        try batch.update(id: journey.id, from: old, to: journey.current)
      }
    }
    for journey in pending {
      for index in journey.fields {
        managed[journey.id]?.saved[index] = journey.current[index]
      }
    }
    for id in ids {
      managed[id]?.holdWhileEdited()
      if !(managed[id]?.isEdited ?? false) { candidates.remove(id) }
    }
  }

  /// Moves the journeys the tracker saw edited into `candidates`, and registers for their next edit.
  func collectEdits() {
    for (id, journey) in tracker.takeEdited() {
      guard var entry = managed[id], entry.object === journey else { continue }
      candidates.insert(id)
      entry.hold()
      managed[id] = entry
      tracker.track(journey)
    }
  }
}
