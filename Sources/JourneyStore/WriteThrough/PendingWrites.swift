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

  private struct Key: Hashable {
    let id: UUID
    let field: Int
  }

  /// Numbers a new write of `values` (by position in `JourneyField.all`) to journey `id`.
  mutating func start(id: UUID, values: [Int: DatabaseValue], onFailure: @escaping (any Error) -> Void) -> FieldWrite {
    lastSequence += 1
    for field in values.keys { newest[Key(id: id, field: field)] = lastSequence }
    failureHandlers[lastSequence] = onFailure
    return FieldWrite(sequence: lastSequence, id: id, values: values)
  }

  /// Whether a write of the field at `field` of journey `id` is on its way: its edit is not
  /// unsaved.
  func isInFlight(id: UUID, field: Int) -> Bool {
    newest[Key(id: id, field: field)] != nil
  }

  /// Forgets a write whose outcome came.
  /// - Returns: The fields it wrote that no later write has written since, and whom to tell if
  ///   it was refused.
  mutating func finish(_ write: FieldWrite) -> (newestFields: [Int], onFailure: ((any Error) -> Void)?) {
    let fields = write.values.keys.sorted().filter { newest[Key(id: write.id, field: $0)] == write.sequence }
    for field in fields { newest[Key(id: write.id, field: field)] = nil }
    return (fields, failureHandlers.removeValue(forKey: write.sequence))
  }
}
