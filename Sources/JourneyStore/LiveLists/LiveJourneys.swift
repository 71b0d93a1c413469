import Observation

/// The journeys a query selects, kept true to the file: JourneyStore's `@Query` (SwiftData),
/// `@FetchAll` (SQLiteData) or `ValueObservation` (GRDB).
///
/// `journeys` holds the managed journeys that match the query, in its order, by the values the
/// caller sees: an unsaved edit that takes a journey out of the filter takes it out of the list,
/// and `rollback()` brings it back. It follows every change this database makes at once (add,
/// delete, save, rollback, write-through, edit, import, undo, redo, an unsaved edit) and every
/// commit of another process or program after `refresh()` (or through `outsideChanges()`).
/// Observers of `journeys` hear of each such change; the list is read again from the file the
/// next time `journeys` is read, so a burst of changes costs one query. Its memory grows with the
/// result, not with the table: give the query a `limit` for a window of a large table.
///
/// Make it with `JourneyDatabase.liveJourneys(_:)`, and use it where the database is used (one
/// thread or actor at a time).
public final class LiveJourneys: Observable {
  /// The query the list follows.
  public let query: JourneyQuery
  /// Reads the query's journeys from the database (`JourneyDatabase.journeys(_:)`).
  let fetch: (JourneyQuery) throws -> [Journey]
  let registrar = ObservationRegistrar()
  var storage: [Journey] = [] {
    didSet { members = nil }
  }
  /// The journeys of `storage`, by identity, made when an edit asks whether the list holds one.
  var members: Set<ObjectIdentifier>?
  /// Whether a change happened since the list was last read from the file.
  var isStale = true
  /// Whether observers are being told of a change that has not happened yet (Observation calls
  /// them before a property changes): a read then must not take the list for fresh.
  var isNotifying = false
  var failure: (any Error)?

  init(query: JourneyQuery, fetch: @escaping (JourneyQuery) throws -> [Journey]) {
    self.query = query
    self.fetch = fetch
  }
}

extension LiveJourneys {
  /// The managed journeys that match the query now, in its order.
  ///
  /// When reading the file fails (a lock held past the busy timeout), the list keeps what it
  /// held, and `lastError` says why.
  public var journeys: [Journey] {
    registrar.access(self, keyPath: \.journeys)
    if isStale { reload() }
    return storage
  }

  /// Why the list could not be read again from the file the last time it tried, or `nil`.
  public var lastError: (any Error)? {
    registrar.access(self, keyPath: \.journeys)
    return failure
  }

  /// Marks the list stale and tells its observers; called at the change, before it completes,
  /// unless `isChangeDone` says it is done: an observer that reads the list as it is told (one
  /// that registers again in `onChange`) then reads it again from the file.
  func invalidate(isChangeDone: Bool = false) {
    isStale = true
    isNotifying = !isChangeDone
    defer { isNotifying = false }
    registrar.withMutation(of: self, keyPath: \.journeys) {}
  }

  /// Marks the list stale and tells its observers if an edit of `journey`, just made, may have
  /// changed its result: the list held the journey, or the journey matches the query now. An
  /// edit that can change neither (a bike journey's, for a list of cars) notifies nobody.
  func invalidate(after journey: Journey) {
    guard isStale || query.matchesUntracked(journey) || holds(journey) else { return }
    invalidate(isChangeDone: true)
  }

  private func holds(_ journey: Journey) -> Bool {
    let members = self.members ?? Set(storage.map(ObjectIdentifier.init))
    self.members = members
    return members.contains(ObjectIdentifier(journey))
  }

  /// Reads the list again from the file. It runs when `journeys` is read, maybe inside an
  /// observer's `withObservationTracking`: the reads of the managed journeys it makes are
  /// untracked, and tracking them registers nothing, so that observer is registered for this
  /// list alone.
  private func reload() {
    guard !isNotifying else { return }
    do {
      storage = try fetch(query)
      failure = nil
      isStale = false
    } catch {
      failure = error
    }
  }
}
