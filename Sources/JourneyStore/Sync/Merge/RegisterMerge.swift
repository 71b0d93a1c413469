/// Merges received writes into journeys' registers (SYNC.md, "Receiving and merging") and notes
/// the conflicts they make, the same on every replica:
///
/// - A field write wins by clock (`ReceivedWrite.wins`); when the write it meets was concurrent
///   (the other side had not seen it) and held another value, the loser is a conflict.
/// - Existence is a register of its own: an insert writes it (and every field), a delete writes
///   it alone, and an edit never does, so a delete beats a concurrent edit whatever the clocks.
///   Each field a concurrent edit gave a value the deleted journey did not hold is a conflict
///   whose kept side is the delete; its value stays in the field's register, so restoring it
///   (or a later re-insert) brings it back.
struct RegisterMerge {
  /// Replica ids by number.
  var replicas: [Int64: String]
  private(set) var conflicts: [MergeConflict] = []

  init(replicas: [Int64: String]) {
    self.replicas = replicas
  }

  /// Merges one received change into `registers`: only the fields it sets (a value this
  /// roadtrip does not store was held back where the file was read: `ReceivedChange`, and
  /// changes no register and makes no conflict); `journey` (its id) is made only for a conflict.
  /// - Returns: Whether it changed them.
  mutating func merge(
    _ change: SyncChange, journey: @autoclosure () -> String, write: ReceivedWrite,
    into registers: inout JourneyRegisters
  ) -> Bool {
    var changed = false
    switch change.kind {
    case .insert:
      let wonExistence = write.wins(
        over: registers.present, writtenBy: replicas[registers.present.by])
      if wonExistence, registers.present.assign(write.register(JourneyRegisters.exists)) {
        changed = true
      }
      for field in change.sets {
        let value = change.newValue(of: field)!
        if mergeField(field, value, journey: journey(), write: write, into: &registers) {
          changed = true
        }
      }
    case .update:
      for field in change.sets {
        let value = change.newValue(of: field)!
        if mergeField(field, value, journey: journey(), write: write, into: &registers) {
          changed = true
        }
      }
    case .delete:
      let present = registers.present
      guard write.wins(over: present, writtenBy: replicas[present.by]) else { return false }
      if registers.isPresent {
        // Fields edited concurrently with the delete, to a value it did not delete.
        for field in JourneyField.all {
          let register = registers[field]
          let writer = replicas[register.by]
          guard !write.hasSeen(register, writtenBy: writer),
            register.value != change.oldValue(of: field)
          else { continue }
          conflicts.append(
            MergeConflict(
              journey: journey(), field: field, kept: nil, keptHLC: write.hlc,
              keptReplica: write.replica, lost: register.value, lostHLC: register.hlc,
              lostReplica: writer ?? ""))
        }
      }
      if registers.present.assign(write.register(JourneyRegisters.absent)) { changed = true }
      if registers.keepingValues(of: change, as: write.register) { changed = true }
    }
    return changed
  }

  /// - Returns: Whether the field's register changed.
  private mutating func mergeField(
    _ field: JourneyField, _ value: DatabaseValue, journey: @autoclosure () -> String,
    write: ReceivedWrite, into registers: inout JourneyRegisters
  ) -> Bool {
    let current = registers[field]
    let writer = replicas[current.by]
    let present = registers.present
    // An edit that did not see the delete that holds the journey deleted.
    if present.value == JourneyRegisters.absent, present.hlc != 0,
      !write.hasSeen(present, writtenBy: replicas[present.by]),
      value != current.value
    {
      conflicts.append(
        MergeConflict(
          journey: journey(), field: field, kept: nil, keptHLC: present.hlc,
          keptReplica: replicas[present.by] ?? "",
          lost: value, lostHLC: write.hlc, lostReplica: write.replica))
    }
    if write.wins(over: current, writtenBy: writer) {
      if current.hlc != 0, !write.hasSeen(current, writtenBy: writer), current.value != value {
        conflicts.append(
          MergeConflict(
            journey: journey(), field: field, kept: value, keptHLC: write.hlc,
            keptReplica: write.replica,
            lost: current.value, lostHLC: current.hlc, lostReplica: writer ?? ""))
      }
      return registers[field].assign(write.register(value))
    } else if current.value != value {
      conflicts.append(
        MergeConflict(
          journey: journey(), field: field, kept: current.value, keptHLC: current.hlc,
          keptReplica: writer ?? "",
          lost: value, lostHLC: write.hlc, lostReplica: write.replica))
    }
    return false
  }
}
