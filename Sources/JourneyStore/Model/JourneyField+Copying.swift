extension JourneyField {
  /// Gives `target` this field's value from `source`, writing through `Bindable(target)` as
  /// `assign(_:to:)` does: parse a value once into one journey, then copy it to many.
  ///
  /// Observation skips the write when the value is already equal, so copying changes nothing
  /// then.
  public func copy(from source: Journey, to target: Journey) {
    _ = write(target, read(source))
  }
}
