#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The live lists of one database, held weakly, told when something they show may have changed.
///
/// It is `Sendable` because Observation calls the change tracker's `onChange` as a `@Sendable`
/// closure; it is only ever used from the thread that uses the database (an edit of a managed
/// journey happens there), so the lists it calls are too.
final class LiveListRegistry: Sendable {
  private let lists = Mutex<[WeakList]>([])
  /// Whether commits are being taken in: the journeys they change tell no list one by one, as
  /// an unsaved edit does; `committed(_:current:)` tells those whose result changed, once.
  private let isTakingCommits = Mutex(false)

  /// Follows a list for as long as something else holds it.
  func register(_ list: LiveJourneys) {
    lists.withLock { lists in
      lists.removeAll { $0.list == nil }
      lists.append(WeakList(list: list))
    }
  }

  /// Stops every live list, for good: the database was closed (`LiveJourneys.close(with:)`).
  func closeAll(with error: any Error) {
    let closed = lists.withLock { lists in
      defer { lists.removeAll() }
      return lists.compactMap(\.list)
    }
    for list in closed { list.close(with: error) }
  }

  /// Marks every live list stale and tells its observers.
  func invalidateAll() {
    for list in currentLists { list.invalidate() }
  }

  /// Tells the lists whose result a journey's edit, just made, may have changed: those that held
  /// it and those it matches now.
  func journeyChanged(_ reference: JourneyReference) {
    guard !isTakingCommits.withLock({ $0 }), let journey = reference.journey else { return }
    for list in currentLists { list.invalidate(after: journey) }
  }

  /// Runs `body`, which takes commits into the managed journeys, without telling a list of each
  /// journey it changes: `committed(_:current:)` tells them after.
  func takingCommits<T>(_ body: () throws -> T) rethrows -> T {
    isTakingCommits.withLock { $0 = true }
    defer { isTakingCommits.withLock { $0 = false } }
    return try body()
  }

  /// Tells the lists whose result the commits just taken in changed
  /// (`LiveJourneys.isChanged(by:current:)`), once each, the change done: an observer that
  /// reads the list as it is told reads the new result.
  /// - Parameter current: A changed journey as a list would see it now, given its id and the
  ///   values its writer knew: the managed object, or one made from those values or read from
  ///   the file; `nil` when it is gone. Asked at most once a journey.
  func committed(_ journeys: CommittedJourneys, current: (UUID, JourneyValues?) -> Journey?) {
    guard !journeys.isEmpty else { return }
    let lists = currentLists
    guard !lists.isEmpty else { return }
    var found = [Journey??](repeating: nil, count: journeys.entries.count)
    let journey = { (index: Int) -> Journey? in
      if let known = found[index] { return known }
      let entry = journeys.entries[index]
      let now = current(entry.id, entry.values)
      found[index] = .some(now)
      return now
    }
    for list in lists where list.isChanged(by: journeys, current: journey) {
      list.invalidate(isChangeDone: true)
    }
  }

  private var currentLists: [LiveJourneys] {
    lists.withLock { $0.compactMap(\.list) }
  }

  /// A reference to a list that does not keep it alive. `@unchecked Sendable`: see the type's
  /// comment; it crosses no thread.
  private struct WeakList: @unchecked Sendable {
    weak var list: LiveJourneys?
  }
}
