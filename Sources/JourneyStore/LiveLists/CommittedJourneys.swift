#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the commits taken in at once changed, journey by journey: what a live list matches
/// against its query to know whether its result changed (`LiveJourneys.isChanged(by:current:)`),
/// as it matches an unsaved edit.
///
/// Past `limit` journeys it keeps only which fields changed and whether any journey was
/// inserted or deleted: a list is then told whenever it reads one of those fields.
struct CommittedJourneys {
  /// What happened to one journey.
  enum Change {
    /// It is new (or back): inserted.
    case inserted
    /// These fields were set.
    case updated(JourneyFieldSet)
    /// It is gone.
    case deleted
  }

  /// One journey changed, with its values after the change when the writer knew them.
  struct Entry {
    let id: UUID
    var change: Change
    var values: JourneyValues?
  }

  /// The journeys changed, in the order first met (a journey met again right after is merged).
  private(set) var entries: [Entry] = []
  /// Whether more than `limit` journeys changed: `entries` is then empty, and only `fields` and
  /// `insertsOrDeletes` say what changed.
  private(set) var isOverflowing = false
  /// Every field set by an update.
  private(set) var fields = JourneyFieldSet()
  /// Whether a journey was inserted or deleted.
  private(set) var insertsOrDeletes = false

  /// How many journeys are told apart at most: each may cost a live list one read of its row.
  static let limit = 1_024

  /// Whether nothing changed.
  var isEmpty: Bool { entries.isEmpty && !isOverflowing }

  /// Notes a change of journey `id`, with its values after it when known.
  mutating func note(_ id: UUID, _ change: Change, values: JourneyValues? = nil) {
    if case .updated(let set) = change { fields = fields.union(set) } else { insertsOrDeletes = true }
    guard !isOverflowing else { return }
    if let last = entries.indices.last, entries[last].id == id {
      entries[last].change = Self.merged(entries[last].change, change)
      entries[last].values = values
      return
    }
    guard entries.count < Self.limit else {
      isOverflowing = true
      entries = []
      return
    }
    entries.append(Entry(id: id, change: change, values: values))
  }

  /// What two changes of one journey, one after the other, did together.
  private static func merged(_ first: Change, _ second: Change) -> Change {
    switch (first, second) {
    case (_, .deleted): .deleted
    case (.updated(let a), .updated(let b)): .updated(a.union(b))
    default: .inserted
    }
  }
}
