import Synchronization

/// The live lists of one database, held weakly, told when something they show may have changed.
///
/// It is `Sendable` because Observation calls the change tracker's `onChange` as a `@Sendable`
/// closure; it is only ever used from the thread that uses the database (an edit of a managed
/// journey happens there), so the lists it calls are too.
final class LiveListRegistry: Sendable {
  private let lists = Mutex<[WeakList]>([])

  /// Follows a list for as long as something else holds it.
  func register(_ list: LiveJourneys) {
    lists.withLock { lists in
      lists.removeAll { $0.list == nil }
      lists.append(WeakList(list: list))
    }
  }

  /// Marks every live list stale and tells its observers.
  func invalidateAll() {
    for list in currentLists { list.invalidate() }
  }

  /// Tells the lists whose result a journey's edit, just made, may have changed: those that held
  /// it and those it matches now.
  func journeyChanged(_ reference: JourneyReference) {
    guard let journey = reference.journey else { return }
    for list in currentLists { list.invalidate(after: journey) }
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
