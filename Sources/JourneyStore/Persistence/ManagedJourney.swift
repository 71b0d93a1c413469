#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A journey the database hands out and keeps true to the file: the object, and the values of
/// its fields as last saved (or read).
///
/// The database holds the object weakly, as an identity map does: a journey nobody holds any
/// more is let go (fetching it again makes a new object). From its first unsaved edit until it
/// is saved or rolled back, the database holds it strongly, so that no edit is lost.
struct ManagedJourney {
  private var reference: JourneyReference
  var saved: JourneyValues

  init(object: Journey, saved: JourneyValues) {
    reference = .weak(object)
    self.saved = saved
  }

  /// The object, or `nil` once nothing holds it.
  var object: Journey? {
    reference.journey
  }

  /// The object's field values now, in stored form; the saved ones once it is gone.
  var current: JourneyValues {
    object.map(JourneyValues.init(readingUntracked:)) ?? saved
  }

  /// Whether the object differs from its saved values.
  var isEdited: Bool {
    current != saved
  }

  /// Holds the object strongly: it was edited (the tracker saw it), whatever it holds now.
  mutating func hold() {
    if let object { reference = .strong(object) }
  }

  /// Holds the object strongly while it has unsaved edits, weakly otherwise: after a save or a
  /// rollback.
  mutating func holdWhileEdited() {
    guard let object else { return }
    reference = isEdited ? .strong(object) : .weak(object)
  }

  /// Takes in a value another write committed for `field`: the object gets it
  /// (observers see it) unless it has an unsaved edit there or already holds it; it becomes the
  /// saved value either way. A value the model cannot hold (another program's) is not taken in:
  /// as when the journey was first read, the object's own value stands for it, so the journey
  /// does not read as edited and no save writes that value back over the other program's.
  mutating func takeCommitted(_ value: DatabaseValue, for field: JourneyField) {
    guard field.canHold(value) else { return }
    if let object {
      let current = field.readUntracked(object)
      if current == saved[field] && current != value {
        _ = field.write(object, value)
      }
    }
    saved[field] = value
  }

  /// Puts the saved values back on the object, through its bindings, so that observers see it.
  func restore() {
    guard let object else { return }
    saved.write(to: object)
  }
}
