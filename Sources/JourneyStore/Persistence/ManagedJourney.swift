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

  /// Puts the saved values back on the object, through its bindings, so that observers see it.
  func restore() {
    for (field, value) in zip(JourneyField.all, saved) {
      _ = field.write(object, value)
    }
  }
}
