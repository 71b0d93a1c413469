extension Binding {
  /// Unwraps a binding to an optional, or fails when it holds `nil` now.
  ///
  /// Unlike SwiftUI, the binding stays safe when the base becomes `nil` later: reads then return the
  /// last non-`nil` value read, and a write of a whole value still goes to the base (giving it a
  /// value again); writes through bindings derived from it (`$binding.field`) are ignored while
  /// the base is `nil`, since they would change the last value seen, not the base's.
  /// - Parameter base: A binding to an optional value.
  public init?(_ base: Binding<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    self.init(
      lastSeen: value, get: { base.isConnected() ? base.wrappedValue : nil }, set: { base.wrappedValue = $0 })
  }

  /// Views a binding as a binding to an optional, for a view that edits an optional value.
  ///
  /// Reads are never `nil`. Writing `nil` is ignored, because the base has no value to represent
  /// it; SwiftUI crashes there instead.
  /// - Parameter base: A binding to a non-optional value.
  public init<Wrapped>(_ base: Binding<Wrapped>) where Value == Wrapped? {
    self.init(
      get: { base.wrappedValue },
      set: { newValue in
        if let newValue { base.wrappedValue = newValue }
      })
  }
}
