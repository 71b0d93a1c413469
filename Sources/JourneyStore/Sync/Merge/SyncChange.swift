/// One journey's change as sync merges it into the journey's registers: its kind, and what it
/// carries for each field, by `JourneyField`. Decoded once, where it enters: a received file's
/// where the file is read, and checked there (`ReceivedChange`), or a local batch's as it is
/// sent.
///
/// Compact: two sets of fields as bits, and the values held in the value itself (an
/// `InlineArray`), so that a sync holding the changes of 100,000 journeys allocates nothing for
/// them but their long texts.
struct SyncChange {
  enum Kind: UInt8 {
    /// A new journey: every field's value.
    case insert
    /// A changed journey: the new value of each field it changed.
    case update
    /// A journey removed: every field's value as it was deleted.
    case delete
  }

  let kind: Kind
  /// The fields it carries a value for: every field for an insert or a delete, the fields it
  /// changed for an update.
  let carried: JourneyFieldSet
  /// The fields whose registers it may write: those it carries, but for values held back where
  /// it entered (`holdingBack(_:)`).
  private(set) var sets: JourneyFieldSet
  /// The values, in the order of `JourneyField.all`; `.null` for a field it does not carry.
  private var values: InlineArray<4, DatabaseValue>

  /// A change of `kind` carrying `value(field)` for each field of `carried`.
  init(_ kind: Kind, carrying carried: JourneyFieldSet, _ value: (JourneyField) -> DatabaseValue) {
    self.kind = kind
    self.carried = carried
    sets = carried
    values = InlineArray(repeating: .null)
    for field in carried { values[field.index] = value(field) }
  }

  /// What it carries for `field`: an insert's or an update's new value, a delete's old one;
  /// `nil` for a field an update leaves as it is.
  func value(of field: JourneyField) -> DatabaseValue? {
    carried.contains(field) ? values[field.index] : nil
  }

  /// The value it writes to `field`: an insert's or an update's new value of a field it sets;
  /// `nil` for a delete, or a field it does not set.
  func newValue(of field: JourneyField) -> DatabaseValue? {
    kind != .delete && sets.contains(field) ? values[field.index] : nil
  }

  /// The value `field` held when a delete removed the journey; `nil` for an insert or an update
  /// (the merge compares clocks, not an update's old values, so none are kept).
  func oldValue(of field: JourneyField) -> DatabaseValue? {
    kind == .delete ? values[field.index] : nil
  }

  /// This change without writing `fields`: values this roadtrip does not store, which change no
  /// register and make no conflict.
  func holdingBack(_ fields: JourneyFieldSet) -> SyncChange {
    var change = self
    change.sets = JourneyFieldSet(rawValue: sets.rawValue & ~fields.rawValue)
    return change
  }
}

extension SyncChange: Equatable {
  static func == (left: SyncChange, right: SyncChange) -> Bool {
    left.kind == right.kind && left.carried == right.carried && left.sets == right.sets
      && JourneyField.all.allSatisfy { left.values[$0.index] == right.values[$0.index] }
  }
}
