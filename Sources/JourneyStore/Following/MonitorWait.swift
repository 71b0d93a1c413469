import Dispatch
import Synchronization

/// One asynchronous wait on a `DatabaseMonitor`: it ends at the first of a write to the
/// database, its timeout, or `finish(_:)` (the task's cancellation), and holds no thread
/// meanwhile: Dispatch watches the inotify descriptor and the clock.
final class MonitorWait: Sendable {
  private let state = Mutex(State())

  private struct State {
    var continuation: CheckedContinuation<Bool, Never>?
    var isFinished = false
    var result = false
    var sources = Sources(all: [])
  }

  /// Dispatch sources, which may be resumed and cancelled from any thread.
  private struct Sources: @unchecked Sendable {
    let all: [any DispatchSourceProtocol]
  }

  /// Starts waiting on `monitor` for at most `timeout`; `continuation` is resumed once, with
  /// whether the database was written. A wait already finished resumes it at once.
  func start(_ continuation: CheckedContinuation<Bool, Never>, on monitor: DatabaseMonitor, timeout: Duration) {
    let queue = DispatchQueue.global()
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let (seconds, attoseconds) = timeout.components
    timer.schedule(deadline: .now() + .nanoseconds(Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)))
    timer.setEventHandler { [self] in finish(false) }
    var sources: [any DispatchSourceProtocol] = [timer]
    if monitor.fileDescriptor >= 0 {
      let read = DispatchSource.makeReadSource(fileDescriptor: monitor.fileDescriptor, queue: queue)
      read.setEventHandler { [self] in
        if monitor.takeEvents() { finish(true) }
      }
      sources.append(read)
    }
    let finished: Bool? = state.withLock { state in
      guard !state.isFinished else { return state.result }
      state.continuation = continuation
      state.sources = Sources(all: sources)
      return nil
    }
    if let finished {
      // A source is released only once resumed, and cancelled first it never fires.
      for source in sources {
        source.cancel()
        source.resume()
      }
      continuation.resume(returning: finished)
      return
    }
    // A source that `finish` cancels meanwhile is resumed all the same, and never fires.
    for source in sources { source.resume() }
  }

  /// Ends the wait with `result`, unless it has ended already.
  func finish(_ result: Bool) {
    let (continuation, sources) = state.withLock { state in
      guard !state.isFinished else { return (nil as CheckedContinuation<Bool, Never>?, Sources(all: [])) }
      state.isFinished = true
      state.result = result
      defer { (state.continuation, state.sources) = (nil, Sources(all: [])) }
      return (state.continuation, state.sources)
    }
    for source in sources.all { source.cancel() }
    continuation?.resume(returning: result)
  }
}
