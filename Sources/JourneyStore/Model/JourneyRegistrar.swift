import Observation
import Synchronization

/// The observation registrar of a `Journey`: Observation's own, which tells observers of every
/// access and mutation, and a handler that the database managing the journey sets to hear of
/// each mutation once it is done.
///
/// The handler is no observation registration: it joins no `withObservationTracking` in
/// progress, needs no re-arming after it fires, and fires for every mutation (a setter, a
/// key-path write through a binding, an in-place `_modify`), after it completes, so the values
/// it reads are the new ones. `@Observable` calls these methods by name (`access`, `willSet`,
/// `didSet`, `withMutation`) because the class declares its `_$observationRegistrar`.
final class JourneyRegistrar: Sendable {
  private let registrar = ObservationRegistrar()
  private let onMutation = Mutex<(@Sendable () -> Void)?>(nil)

  init() {}
}

extension JourneyRegistrar {
  /// Calls `handler` after each mutation of the journey, instead of the handler set before;
  /// `nil` stops calling one.
  func setMutationHandler(_ handler: (@Sendable () -> Void)?) {
    onMutation.withLock { $0 = handler }
  }

  func access<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    registrar.access(subject, keyPath: keyPath)
  }

  func willSet<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    registrar.willSet(subject, keyPath: keyPath)
  }

  func didSet<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    registrar.didSet(subject, keyPath: keyPath)
    mutated()
  }

  func withMutation<Subject: Observable, Member, Result>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> Result
  ) rethrows -> Result {
    defer { mutated() }
    return try registrar.withMutation(of: subject, keyPath: keyPath, mutation)
  }

  private func mutated() {
    onMutation.withLock { $0 }?()
  }
}
