#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Learns which managed journeys were edited, at a cost that grows with the number of edits,
/// not with the number of journeys tracked.
///
/// Each tracked journey's registrar calls the tracker after each of its mutations
/// (`JourneyRegistrar`), which records the journey, held strongly from that moment, so that an
/// edited journey is never let go before it is saved; the store collects them. This is no
/// observation registration: it needs no re-arming, and tracking a journey while a caller's
/// `withObservationTracking` is in progress (a live list reloading inside it) registers that
/// caller for nothing.
final class ChangeTracker: Sendable {
  private let fired = Mutex(Fired())
  /// Called after each mutation of a tracked journey, with the journey: whoever follows edits
  /// (live lists) is told.
  private let onEdit: @Sendable (JourneyReference) -> Void

  /// A tracker that calls `onEdit` after each mutation of a tracked journey.
  init(onEdit: @escaping @Sendable (JourneyReference) -> Void) {
    self.onEdit = onEdit
  }

  /// Hears of every mutation of `journey` from now on.
  func track(_ journey: Journey) {
    let key = journey.id
    let reference = JourneyReference.weak(journey)
    journey.registrar.setMutationHandler { [weak self] in
      guard let self, let journey = reference.journey else { return }
      fired.withLock { $0.journeys[key] = .strong(journey) }
      onEdit(reference)
    }
  }

  /// The journeys edited since the last call, by id.
  func takeEdited() -> [UUID: Journey] {
    fired.withLock { fired in
      defer { fired.journeys.removeAll(keepingCapacity: true) }
      return fired.journeys.compactMapValues(\.journey)
    }
  }
}

extension ChangeTracker {
  /// The journeys edited since the last look, by id, in a type of its own: a `Mutex` of a
  /// dictionary destroys it through the dictionary's generic metadata, and making that metadata
  /// checks `UUID: Hashable` by walking every conformance record of the static binary, which
  /// every one-edit command would pay, even when nothing was edited.
  private struct Fired {
    var journeys: [UUID: JourneyReference] = [:]
  }
}
