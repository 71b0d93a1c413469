import Observation

/// Makes bindings to the properties of an observable object: `$journey.transportationType` for
/// `@Bindable var journey`, or `Bindable(journey).duration` inline.
///
/// A write through such a binding is an ordinary key-path write on the object, so observers see it
/// exactly as they see a direct assignment.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value: AnyObject & Observable> {
  /// The object whose properties the bindings read and write.
  public var wrappedValue: Value

  /// Wraps an object, as `@Bindable var journey = journey` does.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// Wraps an object, for inline use: `Bindable(journey).name`.
  public init(_ wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// Wraps the object of another `Bindable`, as passing `$journey` to a `@Bindable` parameter does.
  public init(projectedValue: Bindable<Value>) {
    self = projectedValue
  }

  /// This `Bindable` itself, so that `$journey.name` gives a binding.
  public var projectedValue: Bindable<Value> {
    self
  }

  /// A binding to one property of the object.
  public subscript<Subject>(
    dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
  ) -> Binding<Subject> {
    let object = wrappedValue
    return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }
}
