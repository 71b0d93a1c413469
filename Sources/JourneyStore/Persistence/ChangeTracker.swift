#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation
import Synchronization

/// Learns through Observation which managed journeys were edited, at a cost that grows with the
/// number of edits, not with the number of journeys tracked.
///
/// Each tracked journey has one observation registration over its editable fields. The first
/// edit fires it (once, as `withObservationTracking` does) and records the journey's id; the
/// store collects those ids and registers again.
final class ChangeTracker: Sendable {
  private let fired = Mutex<Set<UUID>>([])
  /// The live lists to tell of an edit: it may move a journey in or out of them.
  let liveLists = LiveListRegistry()

  /// Registers for the next edit of any editable field of `journey`.
  func track(_ journey: Journey) {
    let key = journey.id
    withObservationTracking {
      for field in JourneyField.all { _ = field.read(journey) }
    } onChange: { [weak self] in
      self?.fired.withLock { _ = $0.insert(key) }
      self?.liveLists.invalidateAll()
    }
  }

  /// The ids of the journeys edited since the last call; their registrations have fired, so
  /// track them again to hear of their next edit.
  func takeEdited() -> Set<UUID> {
    fired.withLock { ids in
      defer { ids.removeAll(keepingCapacity: true) }
      return ids
    }
  }
}
