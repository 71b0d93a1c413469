/// A reference to a value owned elsewhere: reading it reads the source of truth, writing it writes
/// there.
///
/// As in SwiftUI, `$binding.field` (dynamic member lookup over writable key paths) derives a binding
/// to part of the value, and `@Binding var value` in a view gives `value` and `$value`.
///
/// Unlike SwiftUI's, a binding is not `Sendable`, whatever its value: its getter and setter reach
/// into their source (a `Journey`, which belongs to one isolation), so a binding is used where
/// its source is, and the compiler refuses to send it elsewhere.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
  private let getValue: () -> Value
  private let setValue: (Value) -> Void
  /// Whether the source of truth still has the value. A binding whose source lost it (an element
  /// deleted, an optional gone `nil`) reads the last value seen; the bindings derived from it
  /// then ignore writes, even into an object that the last value seen still refers to.
  let isConnected: () -> Bool

  /// Creates a binding from a getter and a setter.
  /// - Parameters:
  ///   - get: Reads the current value from the source of truth.
  ///   - set: Writes a new value to the source of truth.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.init(get: get, set: set, isConnected: { true })
  }

  /// Creates a binding that says whether its source still has the value.
  init(get: @escaping () -> Value, set: @escaping (Value) -> Void, isConnected: @escaping () -> Bool) {
    getValue = get
    setValue = set
    self.isConnected = isConnected
  }

  /// Creates a binding from the projected value of another, as `@Binding var x` does for `$x`.
  public init(projectedValue: Binding<Value>) {
    self = projectedValue
  }

  /// The value the binding refers to; setting it writes to the source of truth.
  public var wrappedValue: Value {
    get { getValue() }
    nonmutating set { setValue(newValue) }
  }

  /// The binding itself, so that `$value` can be passed on.
  public var projectedValue: Binding<Value> {
    self
  }

  /// A binding to part of the value, read from and written back through this binding; writes
  /// are ignored once this binding's source has lost its value.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
    Binding<Subject>(
      get: { self.wrappedValue[keyPath: keyPath] },
      set: { newValue in
        guard self.isConnected() else { return }
        var value = self.wrappedValue
        value[keyPath: keyPath] = newValue
        self.wrappedValue = value
      },
      isConnected: isConnected)
  }
}
