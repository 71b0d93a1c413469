#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// Takes in what was committed to the file since the managed journeys were read, by other
  /// processes or other connections: each change in the log is applied to the managed journey it
  /// concerns, so that its observers see the new values, and a deleted journey is no longer
  /// managed. A field with an unsaved edit keeps the edit (`save()` then writes it over).
  ///
  /// Call it when `waitForCommit(using:timeout:)` returns `true`, or use `outsideChanges()`.
  /// - Returns: The changes read from the log, oldest first: every change committed by others
  ///   since the first journey was managed or `refresh()` last returned.
  /// - Throws: `SQLiteError` when the log cannot be read.
  @discardableResult
  public func refresh() throws -> [JourneyChange] {
    guard changeLogPosition != nil else {
      try markChangeLogPosition()
      return []
    }
    try catchUp()
    defer { unreportedChanges.removeAll() }
    return unreportedChanges
  }

  /// Remembers where the change log ends, once: call it before reading the first journey to
  /// manage, so that `refresh()` later applies everything committed after that read.
  func markChangeLogPosition() throws {
    guard changeLogPosition == nil else { return }
    try verifySchema()
    if dataVersion == nil { dataVersion = try connection.pragma("data_version") }
    changeLogPosition = try endOfLog()
  }

  /// Applies every change committed since the position to the managed journeys, in the order of
  /// the log, this store's own included (so that an older outside change never lands on top of
  /// a newer own one); the others' wait in `unreportedChanges` for `refresh()` to return them.
  func catchUp() throws {
    guard let position = changeLogPosition else { return }
    takeWriteThroughOutcomes()
    // `history prune` in another process may have dropped batches this one had not read: the
    // managed journeys are then read again from the file.
    if let horizon = try changeLog.horizon(), horizon.batch > position.batch + 1 {
      try reloadManagedJourneys()
      changeLogPosition = try endOfLog()
      liveLists.invalidateAll()
      return
    }
    var lastBatch: Int64?
    try forEachChange(ChangeQuery(after: position, isNewestFirst: false)) { change in
      changeLogPosition = change.id
      lastBatch = change.batch
      try apply(change)
      if !isOwn(change.batch) { unreportedChanges.append(change) }
    }
    if let lastBatch {
      ownBatches = ownBatches.filter { $0 > lastBatch }
      liveLists.invalidateAll()
    }
    collectEdits()
  }

  /// Whether this database committed `batch`, itself or through its write-through queue.
  private func isOwn(_ batch: Int64) -> Bool {
    ownBatches.contains(batch) || writeThroughQueue?.hasCommitted(batch) == true
  }

  /// Applies one change of the log to the managed journey it concerns: a new value to a field
  /// without an unsaved edit; a deleted journey set aside, to be managed again (the same object)
  /// if an undo brings it back.
  private func apply(_ change: JourneyChange) throws {
    let id = change.journeyID
    switch change.kind {
    case .insert:
      guard managed[id]?.object == nil, let object = detached.removeValue(forKey: id)?.journey,
        let values = try JourneyRow.values(of: id, in: connection)
      else { return }
      for (field, value) in zip(JourneyField.all, values) where field.read(object) != value {
        _ = field.write(object, value)
      }
      managed[id] = ManagedJourney(object: object, saved: values)
      tracker.track(object)
    case .delete:
      guard let entry = managed.removeValue(forKey: id) else { return }
      detached[id] = entry.object.map(JourneyReference.weak)
      candidates.remove(id)
    case .update:
      guard var entry = managed[id], let field = change.field, let new = change.newValue?.stored,
        let index = JourneyField.all.firstIndex(of: field)
      else { return }
      entry.takeCommitted(new, at: index)
      managed[id] = entry
    }
  }
}

extension JourneyDatabase {
  /// Reads every managed journey again from the file, when the log can no longer say what
  /// changed: each field without an unsaved edit takes the file's value (observers see it), and
  /// a journey that is gone is no longer managed.
  func reloadManagedJourneys() throws {
    for (id, var entry) in managed {
      guard let values = try JourneyRow.values(of: id, in: connection) else {
        managed[id] = nil
        detached[id] = entry.object.map(JourneyReference.weak)
        candidates.remove(id)
        continue
      }
      for (index, value) in values.enumerated() { entry.takeCommitted(value, at: index) }
      managed[id] = entry
    }
    collectEdits()
  }

  /// Brings the managed journeys up to the file before a fetch, when another connection has
  /// committed since the last look: a fetch's filter and order then agree with the objects it
  /// returns. The changes wait for `refresh()` to report them.
  func catchUpBeforeFetching() throws {
    guard changeLogPosition != nil else { return }
    let version = try connection.pragma("data_version")
    guard version != fetchedDataVersion else { return }
    fetchedDataVersion = version
    try catchUp()
  }
}
