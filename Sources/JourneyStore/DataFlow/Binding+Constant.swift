extension Binding {
  /// A binding to a value that never changes: reads return `value`, writes are ignored.
  ///
  /// For previews, tests and read-only uses of a view that takes a binding.
  /// - Parameter value: The value every read returns.
  /// - Returns: A binding whose setter does nothing.
  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }
}
