#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A journey the database hands out and keeps true to the file: the object, and the values of
/// its fields as last saved (or read), in the order of `JourneyField.all`.
struct ManagedJourney {
  let object: Journey
  var saved: [DatabaseValue]

  /// The object's field values now, in stored form.
  var current: [DatabaseValue] {
    JourneyRow.values(of: object)
  }

  /// Whether the object differs from its saved values.
  var isEdited: Bool {
    current != saved
  }

  /// Takes in a value another write committed for the field at `index`: the object gets it
  /// (observers see it) unless it has an unsaved edit there or already holds it; it becomes the
  /// saved value either way.
  mutating func takeCommitted(_ value: DatabaseValue, at index: Int) {
    let field = JourneyField.all[index]
    let current = field.read(object)
    if current == saved[index] && current != value {
      _ = field.write(object, value)
    }
    saved[index] = value
  }

  /// Puts the saved values back on the object, through its bindings, so that observers see it.
  func restore() {
    for (field, value) in zip(JourneyField.all, saved) {
      _ = field.write(object, value)
    }
  }
}
