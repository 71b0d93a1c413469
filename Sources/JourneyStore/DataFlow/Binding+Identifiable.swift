extension Binding: Identifiable where Value: Identifiable {
  /// The identity of the value the binding refers to, read from the source.
  public var id: Value.ID {
    wrappedValue.id
  }
}
