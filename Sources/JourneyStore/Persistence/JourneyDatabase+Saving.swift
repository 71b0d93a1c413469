#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Whether a managed journey has edits that are not saved.
  ///
  /// Costs time in proportion to the journeys edited, not to those managed.
  public var hasChanges: Bool {
    collectEdits()
    return candidates.contains { managed[$0]?.isEdited ?? false }
  }

  /// Writes the edited fields of the managed journeys, and nothing else, in one immediate
  /// transaction recorded as one batch of the change log.
  ///
  /// When it fails, the file is unchanged and the edited journeys return to their last saved
  /// values (their observers see that too) before the error is thrown.
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
    candidates.removeAll()
    liveLists.invalidateAll()
  }

  /// Saves the edits of some managed journeys, or of all when `ids` is `nil`.
  func save(only ids: Set<UUID>?) throws {
    collectEdits()
    let ids = ids.map { candidates.intersection($0) } ?? candidates
    let pending = ids.sorted { $0.uuidString < $1.uuidString }.compactMap { id in
      managed[id].flatMap { $0.isEdited ? (id: id, saved: $0.saved, current: $0.current) : nil }
    }
    guard !pending.isEmpty else {
      candidates.subtract(ids)
      return
    }
    do {
      try write { batch in
        for journey in pending {
          // The log records the value the file held, which another process may have changed
          // since this one read it: an undo then puts back what was really there.
          guard let stored = try JourneyRow.values(of: journey.id, in: connection) else {
            throw JourneyDatabaseError.journeyNotFound(journey.id.lowercasedText)
          }
          let old = zip(zip(journey.saved, journey.current), stored).map { pair, stored in
            pair.0 != pair.1 ? stored : pair.1
          }
          try batch.update(id: journey.id, from: old, to: journey.current)
        }
      }
    } catch {
      for id in ids {
        managed[id]?.restore()
      }
      collectEdits()
      candidates.subtract(ids)
      throw error
    }
    for journey in pending {
      managed[journey.id]?.saved = journey.current
    }
    candidates.subtract(ids)
  }

  /// Moves the journeys the tracker saw edited into `candidates`, and registers for their next edit.
  func collectEdits() {
    for id in tracker.takeEdited() {
      guard let entry = managed[id] else { continue }
      candidates.insert(id)
      tracker.track(entry.object)
    }
  }
}
