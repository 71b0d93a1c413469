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

  /// The fields whose value on the object differs from the saved one, with both values.
  var edits: [(field: JourneyField, old: DatabaseValue, new: DatabaseValue)] {
    zip(JourneyField.all, saved).compactMap { field, old in
      let new = field.read(object)
      return new == old ? nil : (field, old, new)
    }
  }

  /// Takes the object's current values as saved.
  mutating func markSaved() {
    saved = JourneyField.all.map { $0.read(object) }
  }

  /// Puts the saved values back on the object, through its bindings, so that observers see it.
  func restore() {
    for (field, value) in zip(JourneyField.all, saved) {
      _ = field.write(object, value)
    }
  }
}
