#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation

/// The journeys a query selects, kept true to the file: JourneyStore's `@Query` (SwiftData),
/// `@FetchAll` (SQLiteData) or `ValueObservation` (GRDB).
///
/// `journeys` holds the managed journeys that match the query, in its order, by the values the
/// caller sees: an unsaved edit that takes a journey out of the filter takes it out of the list,
/// and `rollback()` brings it back. It follows every change this database makes at once (add,
/// delete, save, rollback, write-through, edit, import, undo, redo, an unsaved edit) and every
/// commit of another process or program after `refresh()` (or through `outsideChanges()`).
/// Observers of `journeys` hear of each such change that changes its result, and of no other
/// (a commit that sets a field the query neither filters nor sorts by, of a journey it holds,
/// or one of a journey that is not in it and does not join it); the list is read again from the
/// next time `journeys` is read, so a burst of changes costs one query. Its memory grows with the
/// result, not with the table: give the query a `limit` for a window of a large table.
///
/// Make it with `JourneyDatabase.liveJourneys(_:)`, and use it where the database is used (one
/// thread or actor at a time). Once the database is closed (`JourneyDatabase.close()`) it keeps
/// the journeys it holds and no longer changes; `lastError` says so.
public final class LiveJourneys: Observable {
  /// The query the list follows.
  public let query: JourneyQuery
  /// Reads the query's journeys from the database (`JourneyDatabase.journeys(_:)`).
  let fetch: (JourneyQuery) throws -> [Journey]
  let registrar = ObservationRegistrar()
  var storage: [Journey] = [] {
    didSet { (members, memberIDs) = (nil, nil) }
  }
  /// The journeys of `storage`, by identity, made when an edit asks whether the list holds one.
  var members: Set<ObjectIdentifier>?
  /// The ids of the journeys of `storage`, made when a commit asks whether the list holds one.
  var memberIDs: Set<UUID>?
  /// Whether a change happened since the list was last read from the file.
  var isStale = true
  /// Whether observers are being told of a change that has not happened yet (Observation calls
  /// them before a property changes): a read then must not take the list for fresh.
  var isNotifying = false
  var failure: (any Error)?
  /// Whether the database was closed (`close(with:)`): the list no longer changes.
  var isClosed = false

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
    guard !isClosed else { return }
    isStale = true
    isNotifying = !isChangeDone
    defer { isNotifying = false }
    registrar.withMutation(of: self, keyPath: \.journeys) {}
  }

  /// Stops following the database, which was closed: the list keeps the journeys it held, is
  /// never read again, and `lastError` says why; its observers are told once.
  func close(with error: any Error) {
    isClosed = true
    isStale = false
    failure = error
    registrar.withMutation(of: self, keyPath: \.journeys) {}
  }

  /// Marks the list stale and tells its observers if an edit of `journey`, just made, may have
  /// changed its result: the list held the journey, or the journey matches the query now. An
  /// edit that can change neither (a bike journey's, for a list of cars) notifies nobody.
  func invalidate(after journey: Journey) {
    guard !isClosed, isStale || query.matchesUntracked(journey) || holds(journey) else { return }
    invalidate(isChangeDone: true)
  }

  /// Whether the commits just taken in may have changed the list's result: a journey it held is
  /// gone, or changed in a field its query reads so that it leaves the list or may move in it;
  /// a journey it did not hold is inserted or changed so that it matches the query now. A
  /// change of a field the query neither filters nor sorts by changes no result (the journey
  /// shows its new value itself). A stale list, which holds nothing known, a window that does
  /// not start at the first journey (`offset`), which a journey before it can shift, and a
  /// list cut at a `limit`, whose reader may count the journeys past it (a deleted journey is
  /// gone before it can be matched), are told of more.
  /// - Parameter current: The journey of entry `index` as the list would see it now (the managed
  ///   object, or one read from the file), `nil` when it is gone.
  func isChanged(by committed: CommittedJourneys, current: (Int) -> Journey?) -> Bool {
    if isStale { return true }
    let read = query.fieldsRead
    if committed.isOverflowing {
      return committed.insertsOrDeletes || !committed.fields.intersection(read).isEmpty
    }
    let isWindowShifted = query.offset > 0
    let isCut = query.limit != nil
    // Whether the list holds the journey is asked last, only where the answer matters.
    for (index, entry) in committed.entries.enumerated() {
      switch entry.change {
      case .deleted:
        if isWindowShifted || isCut || holds(id: entry.id) { return true }
      case .inserted:
        if holds(id: entry.id) { return true }
        if let journey = current(index), query.matchesUntracked(journey) { return true }
      case .updated(let fields):
        guard !fields.intersection(read).isEmpty else { continue }
        guard let journey = current(index) else {
          if isWindowShifted || holds(id: entry.id) { return true }
          continue
        }
        let matches = query.matchesUntracked(journey)
        // A journey that matches and moved is told, held or not (it joins or moves).
        if matches && !fields.intersection(query.sortFields).isEmpty { return true }
        let held = holds(id: entry.id)
        if isWindowShifted && !held { return true }
        if held ? !matches : matches { return true }
      }
    }
    return false
  }

  /// Whether the list holds the journey with this id, from the ids of its journeys, made when
  /// the list was last read (`reload()`): a commit's question costs a lookup, not a walk of a
  /// list of a hundred thousand.
  private func holds(id: UUID) -> Bool {
    let ids = memberIDs ?? Set(storage.map(\.id))
    memberIDs = ids
    return ids.contains(id)
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
      // Made with the list, whose reading walks it anyway, rather than by the next commit.
      memberIDs = Set(storage.map(\.id))
      failure = nil
      isStale = false
    } catch {
      failure = error
    }
  }
}
