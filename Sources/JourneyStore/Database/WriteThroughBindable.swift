/// Bindings to the fields of a managed journey that save every write, for editors that have no
/// Save button: `database.writeThrough(journey) { error in … }.transportationType`.
///
/// A write is visible on the journey (and to its observers) at once, and the setter returns at
/// once: the write is saved afterwards, off the caller's thread, after the writes made before it,
/// as one batch of the change log that holds that field alone (other unsaved edits of the journey
/// stay unsaved). When it cannot be saved (another process held the lock past the busy timeout,
/// a refused value, the journey deleted meanwhile), the field returns to its last saved value,
/// unless it was written again since, and the failure handler hears of it once: the error is never
/// swallowed. See `JourneyDatabase.writeThrough(_:isolation:onFailure:)` for when that happens.
@dynamicMemberLookup
public struct WriteThroughBindable {
  /// The managed journey the bindings write to.
  public let journey: Journey
  let database: JourneyDatabase
  let onFailure: (any Error) -> Void

  /// A binding to one property of the journey that saves each write.
  public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Journey, Value>) -> Binding<Value> {
    let binding = Bindable(journey)[dynamicMember: keyPath]
    let (database, journey, onFailure) = (database, journey, onFailure)
    let written: AnyKeyPath = keyPath
    let field = JourneyField.all.first { $0.keyPath == written }
    return Binding(
      get: { binding.wrappedValue },
      set: { newValue in
        // A field is saved even when written with the value it holds (it may be an unsaved
        // edit); a property that is not a field (`endDate`) saves the fields it changed.
        let before = field == nil ? JourneyValues(readingUntracked: journey) : nil
        binding.wrappedValue = newValue
        let after = JourneyValues(readingUntracked: journey)
        let fields: JourneyFieldSet = field.map { [$0] } ?? after.changedFields(from: before!)
        guard !fields.isEmpty else { return }
        database.save(fields, of: after, id: journey.id, onFailure: onFailure)
      })
  }
}
