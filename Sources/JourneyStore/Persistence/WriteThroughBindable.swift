/// Bindings to the fields of a managed journey that save every write at once, for editors that
/// have no Save button: `database.writeThrough(journey) { error in … }.transportationType`.
///
/// A write is visible on the journey immediately, and saves that field alone: other unsaved
/// edits of the journey stay unsaved. If saving it fails, the field returns to its last saved
/// value (its observers see that) and the error goes to the failure handler: it is never
/// swallowed.
@dynamicMemberLookup
public struct WriteThroughBindable {
  /// The managed journey the bindings write to.
  public let journey: Journey
  let database: JourneyDatabase
  let onFailure: (any Error) -> Void

  /// A binding to one property of the journey that saves each write.
  public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Journey, Value>) -> Binding<Value> {
    let binding = Bindable(journey)[dynamicMember: keyPath]
    let (database, id, onFailure) = (database, journey.id, onFailure)
    let written: AnyKeyPath = keyPath
    let field = JourneyField.all.firstIndex { $0.keyPath == written }
    return Binding(
      get: { binding.wrappedValue },
      set: { newValue in
        binding.wrappedValue = newValue
        do {
          if let field {
            try database.save(field: field, of: id)
          } else {
            try database.save(only: [id])
          }
        } catch {
          onFailure(error)
        }
      })
  }
}

extension JourneyDatabase {
  /// Bindings to a managed journey's fields that save each write at once, without touching the
  /// unsaved edits of other journeys.
  /// - Parameters:
  ///   - journey: A journey this database manages (from `journey(id:)`, `journeys(_:)` or `add(_:)`).
  ///   - onFailure: Called with the error when a write cannot be saved, after the journey has
  ///     returned to its last saved value.
  public func writeThrough(
    _ journey: Journey, onFailure: @escaping (any Error) -> Void
  ) -> WriteThroughBindable {
    precondition(managed[journey.id]?.object === journey, "writeThrough needs a journey this database manages")
    return WriteThroughBindable(journey: journey, database: self, onFailure: onFailure)
  }
}
