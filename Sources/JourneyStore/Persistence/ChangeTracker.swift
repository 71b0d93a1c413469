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
/// edit fires it (once, as `withObservationTracking` does) and records the journey, held
/// strongly from that moment, so that an edited journey is never let go before it is saved; the
/// store collects them and registers again.
final class ChangeTracker: Sendable {
  private let fired = Mutex<[UUID: JourneyReference]>([:])
  /// Called at each first edit of a tracked journey, before it completes (Observation calls
  /// `onChange` then): whoever follows edits (live lists) is told.
  private let onEdit: @Sendable () -> Void

  /// A tracker that calls `onEdit` at each first edit of a tracked journey.
  init(onEdit: @escaping @Sendable () -> Void) {
    self.onEdit = onEdit
  }

  /// Registers for the next edit of any editable field of `journey`.
  func track(_ journey: Journey) {
    let key = journey.id
    let reference = JourneyReference.weak(journey)
    withObservationTracking {
      for field in JourneyField.all { _ = field.read(journey) }
    } onChange: { [weak self] in
      if let journey = reference.journey {
        self?.fired.withLock { $0[key] = .strong(journey) }
      }
      self?.onEdit()
    }
  }

  /// The journeys edited since the last call, by id; their registrations have fired, so track
  /// them again to hear of their next edit.
  func takeEdited() -> [UUID: Journey] {
    fired.withLock { edited in
      defer { edited.removeAll(keepingCapacity: true) }
      return edited.compactMapValues(\.journey)
    }
  }
}
