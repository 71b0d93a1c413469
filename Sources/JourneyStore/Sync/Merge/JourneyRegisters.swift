/// One journey's merge state (SYNC.md, "Receiving and merging"): a last-writer-wins register for
/// its existence and one for each field, each with the write that set it. Merging a write is a
/// register-wise maximum by (clock, replica id): commutative, associative and idempotent, so every
/// order of arrival ends in the same registers; the journey row is their values while `present`
/// holds `exists`. A deleted journey keeps its fields' registers, so a concurrent edit and a
/// later re-insert converge too.
struct JourneyRegisters: Equatable {
  /// Whether the journey exists: `exists` or `absent`, as the registers' blob and a snapshot
  /// store it.
  var present: Register
  /// In the order of `JourneyField.all`.
  var fields: RegisterFields

  /// The existence register's value for a journey that exists (an insert's write).
  static let exists = DatabaseValue.integer(1)
  /// The existence register's value for a journey deleted, or that no write reached.
  static let absent = DatabaseValue.integer(0)

  /// A journey no write has reached yet: every register empty.
  static let empty = JourneyRegisters(
    present: Register(value: absent, hlc: 0, by: 0, seq: 0),
    fields: RegisterFields(repeating: .empty))

  var isPresent: Bool { present.value == Self.exists }

  /// The register of `field`.
  subscript(field: JourneyField) -> Register {
    get { fields[field.index] }
    _modify { yield &fields[field.index] }
  }

  var values: JourneyValues {
    // By index: mapping the fields walks a copy of them (`IndexingIterator`).
    JourneyValues(fields.indices.map { fields[$0].value })
  }

  /// The register-wise maximum of these registers and `other`'s (a snapshot's), by (clock,
  /// replica id): merging is idempotent, so registers already holding `other`'s writes stay.
  /// - Parameter replica: A writer's id, by its number.
  func merged(with other: JourneyRegisters, replica: (Int64) -> String?) -> JourneyRegisters {
    func larger(_ mine: Register, _ theirs: Register) -> Register {
      if theirs.hlc != mine.hlc { return theirs.hlc > mine.hlc ? theirs : mine }
      guard theirs.hlc != 0 else { return mine }
      return (replica(theirs.by) ?? "") > (replica(mine.by) ?? "") ? theirs : mine
    }
    return JourneyRegisters(
      present: larger(present, other.present),
      fields: zip(fields, other.fields).map { larger($0, $1) })
  }
}

extension JourneyRegisters {
  /// Registers of fields given in an array, one for each field.
  init(present: Register, fields: [Register]) {
    self.init(present: present, fields: RegisterFields(fields))
  }

  /// Records a change made here, which every merge has seen: each register it writes takes the
  /// write `write` makes of its value. An insert writes the journey's existence and every
  /// field, an update the fields it changed, a delete its existence (`keepingValues(of:as:)`).
  /// - Returns: Whether that changed the registers.
  mutating func record(_ change: SyncChange, as write: (DatabaseValue) -> Register) -> Bool {
    var changed = false
    switch change.kind {
    case .insert:
      if present.assign(write(Self.exists)) { changed = true }
      for field in change.sets {
        if self[field].assign(write(change.newValue(of: field)!)) { changed = true }
      }
    case .update:
      for field in change.sets {
        if self[field].assign(write(change.newValue(of: field)!)) { changed = true }
      }
    case .delete:
      if present.assign(write(Self.absent)) { changed = true }
      if keepingValues(of: change, as: write) { changed = true }
    }
    return changed
  }

  /// Gives the fields no write reached yet the values a delete removed, as `write` makes them:
  /// a journey never seen here keeps the values it was deleted with (a later restore brings
  /// them back). The fields the delete does not set (values held back) stay empty.
  /// - Returns: Whether that changed the registers.
  mutating func keepingValues(
    of delete: SyncChange, as write: (DatabaseValue) -> Register
  ) -> Bool {
    var changed = false
    for field in delete.sets where self[field].hlc == 0 {
      if let old = delete.oldValue(of: field), self[field].assign(write(old)) { changed = true }
    }
    return changed
  }
}

/// The value of one register and the write that set it.
struct Register {
  var value: DatabaseValue
  /// The write's hybrid logical clock; 0 for no write.
  var hlc: Int64
  /// The replica that made the write, by its number in `sync_seen`; 0 for no write.
  var by: Int64
  /// The file of that replica that carried it.
  var seq: Int64

  static let empty = Register(value: .null, hlc: 0, by: 0, seq: 0)
}

extension Register: Equatable {
  /// The writes first: a register a merge replaced has another write, whatever its value.
  static func == (left: Register, right: Register) -> Bool {
    left.hlc == right.hlc && left.by == right.by && left.seq == right.seq
      && left.value == right.value
  }
}

extension Register {
  /// Sets the register to `new`.
  /// - Returns: Whether that changed it (the merge saves only the registers it changed).
  mutating func assign(_ new: Register) -> Bool {
    guard self != new else { return false }
    self = new
    return true
  }
}
