extension DatabaseMonitor {
  /// Waits as `wait(timeout:)` does, without holding a thread: the caller's task is suspended
  /// until the database is written, `timeout` passes, or the task is cancelled (which ends the
  /// wait at once, with `false`).
  func wait(upTo timeout: Duration) async -> Bool {
    let wait = MonitorWait()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        wait.start(continuation, on: self, timeout: timeout)
      }
    } onCancel: {
      wait.finish(false)
    }
  }
}
