#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The owner's side of the write-through writes in flight: which write of each field is the
/// newest (a refused write snaps its field back only when no write came after it), and whom to
/// tell when one is refused.
struct PendingWrites {
  private var lastSequence = 0
  private var newest: [Key: Int] = [:]
  private var failureHandlers: [Int: (any Error) -> Void] = [:]

  /// A field of a journey (the field by its index: hashing an `Int` asks the runtime nothing).
  private struct Key: Hashable {
    let id: UUID
    let field: Int

    init(id: UUID, field: JourneyField) {
      self.id = id
      self.field = field.index
    }
  }

  /// Numbers a new write of `fields` to journey `id`, whose values are `values` after it.
  mutating func start(
    id: UUID, fields: JourneyFieldSet, values: JourneyValues,
    onFailure: @escaping (any Error) -> Void
  ) -> FieldWrite {
    lastSequence += 1
    for field in fields { newest[Key(id: id, field: field)] = lastSequence }
    failureHandlers[lastSequence] = onFailure
    return FieldWrite(sequence: lastSequence, id: id, fields: fields, values: values)
  }

  /// Whether a write of `field` of journey `id` is on its way: its edit is not unsaved.
  func isInFlight(id: UUID, field: JourneyField) -> Bool {
    newest[Key(id: id, field: field)] != nil
  }

  /// Forgets a write whose outcome came.
  /// - Returns: The fields it wrote that no later write has written since, and whom to tell if
  ///   it was refused.
  mutating func finish(_ write: FieldWrite)
    -> (newestFields: JourneyFieldSet, onFailure: ((any Error) -> Void)?)
  {
    let fields = JourneyFieldSet(
      write.fields.filter { newest[Key(id: write.id, field: $0)] == write.sequence })
    for field in fields { newest[Key(id: write.id, field: field)] = nil }
    return (fields, failureHandlers.removeValue(forKey: write.sequence))
  }
}
