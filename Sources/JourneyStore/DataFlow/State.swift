/// Storage that a view owns: SwiftUI's `@State`, for a value type or an `@Observable` object.
///
/// `@State private var journey = Journey()` in a view struct gives `journey` (the value) and
/// `$journey` (a ``Binding`` to it), so `$journey.transportationType` hands one field to a
/// control, and `$draft.nested.field` reaches into a struct by dynamic member lookup, as every
/// binding does. The storage is a reference: a copy of the struct that owns it shares it, and the
/// setter is `nonmutating`, so a method of the view (which is not `mutating`) may write it.
///
/// Reading `wrappedValue` is tracked by Observation and setting it tells the observers, as a
/// property of an `@Observable` class does: a setter that stores an equal value (`Equatable`) or
/// the identical object notifies nobody. When the value is an `@Observable` object, the edits
/// made through `$journey.field` are ordinary key-path writes on the object, which its own
/// observers see.
///
/// Unlike SwiftUI's, the storage is made when the struct is, not kept by a view graph across
/// re-creations of the view: a program without a view graph keeps the struct (or a copy of it)
/// for as long as the storage should live. It is not `Sendable`, as ``Binding`` is not.
@propertyWrapper
public struct State<Value> {
  private let storage: StateStorage<Value>

  /// Creates storage holding `wrappedValue`, as `@State var value = initial` does.
  public init(wrappedValue: Value) {
    storage = StateStorage(wrappedValue)
  }

  /// Creates storage holding `value`, for use outside a declaration: `State(initialValue: 0)`.
  public init(initialValue value: Value) {
    self.init(wrappedValue: value)
  }

  /// The value stored; setting it replaces it, in every copy of the owning struct.
  public var wrappedValue: Value {
    get { storage.value }
    nonmutating set { storage.value = newValue }
  }

  /// A binding to the stored value, so that `$value` (and `$value.field`) can be passed on.
  public var projectedValue: Binding<Value> {
    Binding(get: { storage.value }, set: { storage.value = $0 })
  }
}
