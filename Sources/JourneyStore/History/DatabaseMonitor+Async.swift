import Dispatch

extension DatabaseMonitor {
  /// Waits as `wait(timeout:)` does, on another thread, so that the caller's is free meanwhile.
  func wait(upTo timeout: Duration) async -> Bool {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: self.wait(timeout: timeout))
      }
    }
  }
}
