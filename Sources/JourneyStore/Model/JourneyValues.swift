/// The stored values of a journey's fields, one for each field of `JourneyField.all`, subscripted
/// by the field: what a row holds, what the identity map saved, what a batch writes and logs.
/// Which fields two of them differ in is a `JourneyFieldSet`.
struct JourneyValues: Hashable, Sendable {
  /// The values, in the order of `JourneyField.all`.
  private(set) var stored: [DatabaseValue]

  /// Values in the order of `JourneyField.all`, one for each field.
  init(_ stored: [DatabaseValue]) {
    precondition(stored.count == JourneyField.all.count, "a value for each journey field")
    self.stored = stored
  }

  /// The values of a journey's fields as they are now, read without telling Observation
  /// (`JourneyField.readUntracked`): for comparisons that must not register whoever is tracking.
  init(readingUntracked journey: Journey) {
    stored = JourneyField.all.map { $0.readUntracked(journey) }
  }

  subscript(field: JourneyField) -> DatabaseValue {
    get { stored[field.index] }
    set { stored[field.index] = newValue }
  }

  /// The fields whose value differs from `other`'s.
  func changedFields(from other: JourneyValues) -> JourneyFieldSet {
    var changed = JourneyFieldSet()
    for field in JourneyField.all where stored[field.index] != other.stored[field.index] {
      changed.insert(field)
    }
    return changed
  }

  /// These values with those of `fields` taken from `other`.
  func replacing(_ fields: JourneyFieldSet, with other: JourneyValues) -> JourneyValues {
    var values = self
    for field in fields { values[field] = other[field] }
    return values
  }

  /// Each field with its value, in the order of `JourneyField.all`.
  var fields: Zip2Sequence<[JourneyField], [DatabaseValue]> {
    zip(JourneyField.all, stored)
  }

  /// Sets each field of `journey` to its value, through the property's setter (observers see
  /// it): a value the field cannot hold is left out.
  func write(to journey: Journey) {
    for (field, value) in fields { _ = field.write(journey, value) }
  }
}

extension JourneyValues: ExpressibleByArrayLiteral {
  /// Values in the order of `JourneyField.all`, one for each field.
  init(arrayLiteral stored: DatabaseValue...) {
    self.init(stored)
  }
}
