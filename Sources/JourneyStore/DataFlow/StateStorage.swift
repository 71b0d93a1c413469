import Observation

/// The box a `State` and its copies share: the value, and the registrar that tells Observation
/// when it is read and written.
final class StateStorage<Value>: Observable {
  private let registrar = ObservationRegistrar()
  private var stored: Value

  init(_ value: Value) {
    stored = value
  }
}

extension StateStorage {
  /// The value, read through Observation; a write that changes nothing (see
  /// `isSame(_:as:)`) notifies nobody.
  var value: Value {
    get {
      registrar.access(self, keyPath: \.value)
      return stored
    }
    set {
      guard !Self.isSame(stored, as: newValue) else { return }
      registrar.withMutation(of: self, keyPath: \.value) { stored = newValue }
    }
  }

  /// Whether a write of `new` over `old` changes nothing an observer could see, as `@Observable`
  /// decides: the identical object, or an equal value of an `Equatable` type.
  private static func isSame(_ old: Value, as new: Value) -> Bool {
    if Value.self is AnyObject.Type {
      return (old as AnyObject) === (new as AnyObject)
    }
    guard let old = old as? any Equatable else { return false }
    return old.isEqual(to: new)
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    (other as? Self).map { $0 == self } ?? false
  }
}
