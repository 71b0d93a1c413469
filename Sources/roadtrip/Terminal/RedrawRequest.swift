import Synchronization

/// Whether the screen must be drawn again: set by observation (`withObservationTracking`'s
/// `onChange`, which is `@Sendable`) when something a frame showed changes, taken by the
/// editor's loop before it waits for input.
final class RedrawRequest: Sendable {
  private let isRequested = Atomic(true)
}

extension RedrawRequest {
  /// Asks for a new frame.
  func request() {
    isRequested.store(true, ordering: .relaxed)
  }

  /// Whether a frame was asked for since the last call.
  func take() -> Bool {
    isRequested.exchange(false, ordering: .relaxed)
  }
}
