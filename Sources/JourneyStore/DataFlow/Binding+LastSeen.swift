extension Binding {
  /// A binding to a value that its source may lose, as an optional loses its value or a collection
  /// its element: while the source has the value, reads return it; once it has not, reads return the
  /// last value read, instead of crashing as SwiftUI does.
  /// - Parameters:
  ///   - initial: The value to return if the source has none at the first read.
  ///   - get: Reads the value from the source, or `nil` when the source no longer has it.
  ///   - set: Writes a new value to the source.
  init(lastSeen initial: Value, get: @escaping () -> Value?, set: @escaping (Value) -> Void) {
    var lastSeen = initial
    self.init(
      get: {
        if let value = get() { lastSeen = value }
        return lastSeen
      },
      set: set,
      isConnected: { get() != nil })
  }
}
