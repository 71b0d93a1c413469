/// A conflict restored on another replica (SYNC.md, "Receiving and merging"): when the restoring
/// write arrives here, the same conflict is marked restored here too.
extension SyncSession {
  /// The open conflicts whose lost value the received writes put back: the journey is present,
  /// and its field's register holds the lost value by a write later than both sides of the
  /// conflict (its clock is larger than the kept and the lost write's), which is what
  /// `sync conflicts --restore` writes anywhere, and what any later write of that value is
  /// worth. A conflict over a value the table refused (no kept write) never counts.
  /// - Parameter order: The journeys this sync met (`SyncJourneys.inIdOrder()`); only those
  ///   that received writes reached are looked at.
  /// - Returns: Their ids.
  func conflictsRestored(
    by journeys: SyncJourneys, in order: [(number: Int, key: JourneyKey?)]
  ) throws -> [Int64] {
    let open = try ConflictRecords(connection: connection).open()
    guard !open.isEmpty else { return [] }
    var restored: [Int64] = []
    for (number, key) in order where journeys.isReceived(number) {
      guard let key, let conflicts = open[key] else { continue }
      let registers = journeys.registers(of: number)
      guard registers.isPresent else { continue }
      for conflict in conflicts {
        let register = registers[conflict.field]
        if register.value == conflict.lost, register.hlc > conflict.after {
          restored.append(conflict.id)
        }
      }
    }
    return restored
  }
}
