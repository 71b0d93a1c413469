import Foundation

/// Runs CPU-heavy work on a thread of its own and waits for it without blocking: the threads that
/// run async tests are few (two on a two-core machine), and a test that keeps one busy for seconds
/// starves the tests that wait on other processes, whose bounded waits then run out.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try body() }) }
    thread.stackSize = 8 << 20
    thread.start()
  }
}
