extension Bindable: Identifiable where Value: Identifiable {
  /// The identity of the wrapped object.
  public var id: Value.ID {
    wrappedValue.id
  }
}
