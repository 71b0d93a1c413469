#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The journeys a database manages: one object per id, with the values it last saved or read;
/// which of them were edited since (the `ChangeTracker` hears of every edit from the journey's
/// registrar); and those deleted, which an undo brings back as the same object.
///
/// Objects are held weakly, and strongly from their first edit until saved or rolled back
/// (`ManagedJourney`), so memory follows the journeys in use. It knows nothing of SQL: the
/// database reads and writes the file, and tells the map what was committed.
final class IdentityMap {
  private var entries: [UUID: ManagedJourney] = [:]
  /// Journeys that may differ from their saved values: edited, or restored since.
  private var candidates: Set<UUID> = []
  /// Journeys deleted while managed, by id.
  private var detached: [UUID: JourneyReference] = [:]
  /// When `entries` holds this many, the entries of journeys let go are dropped.
  private var capacity = 1_024
  /// When `detached` holds this many, those of journeys let go are dropped.
  private var detachedCapacity = 1_024
  let tracker: ChangeTracker

  /// A map that calls `onEdit` after each mutation of a managed journey, with the journey.
  init(onEdit: @escaping @Sendable (JourneyReference) -> Void) {
    tracker = ChangeTracker(onEdit: onEdit)
  }

  /// The number of entries, those of objects let go and not yet dropped included.
  var count: Int {
    entries.count
  }

  /// The number of managed objects still held (by the map while edited, or by someone else).
  var heldCount: Int {
    entries.values.filter { $0.object != nil }.count
  }

  /// Whether no journey is managed or waiting to come back.
  var isEmpty: Bool {
    entries.isEmpty && detached.isEmpty
  }

  /// The managed object with this id, while something holds it.
  func object(_ id: UUID) -> Journey? {
    entries[id]?.object
  }

  /// Whether a journey with this id is managed (its object may be gone).
  func contains(_ id: UUID) -> Bool {
    entries[id] != nil
  }

  /// The saved (or last read) values of a managed journey's fields.
  func saved(_ id: UUID) -> JourneyValues? {
    entries[id]?.saved
  }

  /// Starts managing `journey`, whose fields the file holds as `saved`.
  func manage(_ journey: Journey, saved: JourneyValues) {
    detached[journey.id] = nil
    dropJourneysLetGo()
    entries[journey.id] = ManagedJourney(object: journey, saved: saved)
    tracker.track(journey)
  }

  /// Stops managing a journey that was deleted; an undo may bring it back (`revive`).
  /// - Returns: The object, when it had unsaved edits: they are no longer anyone's to save.
  @discardableResult
  func detach(_ id: UUID) -> Journey? {
    guard let entry = entries.removeValue(forKey: id) else { return nil }
    detached[id] = entry.object.map(JourneyReference.weak)
    dropDetachedLetGo()
    candidates.remove(id)
    return entry.isEdited ? entry.object : nil
  }

  /// Sets objects aside to be managed once their inserts are committed (`revive`): the journeys
  /// an add is inserting.
  func awaitInsert(of journeys: some Sequence<Journey>) {
    for journey in journeys { detached[journey.id] = .weak(journey) }
  }

  /// Makes room for `count` journeys an add is about to set aside and manage: neither map grows
  /// nor is walked again while they come in. The entries of journeys let go are dropped now, once,
  /// when their number would reach the capacity on the way. Taking in a hundred thousand of them
  /// then costs the same in every slice, where each doubling of a map (a rehash, and a walk of
  /// every entry to drop those let go) held the caller's actor for as long as a slice's work.
  func reserveCapacity(forInserting count: Int) {
    dropJourneysLetGo(adding: count)
    entries.reserveCapacity(entries.count + count)
    detached.reserveCapacity(detached.count + count)
  }

  /// Forgets objects set aside by `awaitInsert(of:)` whose inserts were not committed.
  func stopAwaitingInsert(of journeys: some Sequence<Journey>) {
    for journey in journeys where detached[journey.id]?.journey === journey {
      detached[journey.id] = nil
    }
  }

  /// Manages the object set aside for a journey that is now in the file with `values`: one
  /// deleted while managed (the same object, its fields set to them; observers see it), or one
  /// an add is inserting (`awaitInsert(of:)`).
  /// - Returns: Whether there was such an object.
  @discardableResult
  func revive(_ id: UUID, values: () throws -> JourneyValues?) rethrows -> Bool {
    guard entries[id]?.object == nil, let object = detached[id]?.journey, let values = try values() else { return false }
    detached[id] = nil
    dropJourneysLetGo()
    for (field, value) in values.fields where field.readUntracked(object) != value {
      _ = field.write(object, value)
    }
    entries[id] = ManagedJourney(object: object, saved: values)
    tracker.track(object)
    return true
  }

  /// Takes committed values into a managed journey: a field without an unsaved edit gets the new
  /// value (observers see it, only when it differs); a field with one keeps it. `values` holds
  /// those of `fields`. (No dictionary keyed by field or position: the first dictionary keyed by
  /// `Int` in a process walks every conformance record of the binary, which one edit would pay.)
  ///
  /// A journey whose edits the commit saved (its values now those committed) is held weakly
  /// again.
  func takeCommitted(_ fields: JourneyFieldSet = .all, of values: JourneyValues, id: UUID) {
    guard var entry = entries[id] else { return }
    for field in fields { entry.takeCommitted(values[field], for: field) }
    releaseIfSaved(&entry, id: id)
    entries[id] = entry
  }

  /// Takes a committed value of one field into a managed journey, as
  /// `takeCommitted(_:of:id:)` does.
  func takeCommitted(_ value: DatabaseValue, for field: JourneyField, of id: UUID) {
    guard var entry = entries[id] else { return }
    entry.takeCommitted(value, for: field)
    releaseIfSaved(&entry, id: id)
    entries[id] = entry
  }

  /// Holds an edited journey weakly again once it no longer differs from its saved values.
  private func releaseIfSaved(_ entry: inout ManagedJourney, id: UUID) {
    guard candidates.contains(id), !entry.isEdited else { return }
    entry.holdWhileEdited()
    candidates.remove(id)
  }

  /// Moves the journeys the tracker saw edited into the candidates.
  func collectEdits() {
    for (id, journey) in tracker.takeEdited() {
      guard var entry = entries[id], entry.object === journey else { continue }
      candidates.insert(id)
      entry.hold()
      entries[id] = entry
    }
  }

  /// The managed objects with unsaved edits.
  var editedJourneys: [Journey] {
    collectEdits()
    return candidates.compactMap { entries[$0].flatMap { $0.isEdited ? $0.object : nil } }
  }

  /// Whether a field has an unsaved edit, leaving out those `isExcluded` says (a field whose
  /// write-through write is on its way).
  func hasUnsavedEdits(excluding isExcluded: (UUID, JourneyField) -> Bool) -> Bool {
    collectEdits()
    return candidates.contains { id in
      guard let entry = entries[id] else { return false }
      return entry.current.changedFields(from: entry.saved).contains { !isExcluded(id, $0) }
    }
  }

  /// The unsaved edits of some journeys (all when `ids` is `nil`), of some fields (all by
  /// default), in the order of their ids: each journey's saved and current values, and
  /// the fields that differ.
  func unsavedEdits(of ids: Set<UUID>?, fields: JourneyFieldSet = .all) -> [UnsavedEdit] {
    collectEdits()
    // Edited back to their saved values: nothing to keep them for.
    for id in candidates where entries[id]?.isEdited != true {
      entries[id]?.holdWhileEdited()
      candidates.remove(id)
    }
    let ids = ids.map { candidates.intersection($0) } ?? candidates
    return ids.sorted { $0.uuidString < $1.uuidString }.compactMap { id in
      entries[id].flatMap { entry in
        let current = entry.current
        let edited = current.changedFields(from: entry.saved).intersection(fields)
        return edited.isEmpty ? nil : (id, entry.saved, current, edited)
      }
    }
  }

  /// The unsaved edit of one journey: its saved and current values, and the fields that differ.
  typealias UnsavedEdit = (id: UUID, saved: JourneyValues, current: JourneyValues, fields: JourneyFieldSet)

  /// Records that `fields` of a journey were saved with their `values`: they are no longer
  /// edits; a journey left without edits is held weakly again.
  func markSaved(_ fields: JourneyFieldSet, of values: JourneyValues, id: UUID) {
    guard var entry = entries[id] else { return }
    entry.saved = entry.saved.replacing(fields, with: values)
    entry.holdWhileEdited()
    entries[id] = entry
    if !entry.isEdited { candidates.remove(id) }
  }

  /// Puts the saved value back on a field of a managed journey (observers see it), if the object
  /// still holds `value` there.
  func restore(_ field: JourneyField, of id: UUID, ifHolding value: DatabaseValue) {
    guard let entry = entries[id], let object = entry.object else { return }
    if field.readUntracked(object) == value { _ = field.write(object, entry.saved[field]) }
  }

  /// Discards unsaved edits: the journeys return to their saved values, and observers see it.
  func rollback() {
    collectEdits()
    for id in candidates { entries[id]?.restore() }
    collectEdits()
    for id in candidates { entries[id]?.holdWhileEdited() }
    candidates.removeAll()
  }

  /// Stops managing every journey, as a closed database does: the objects keep the values they
  /// hold, edits included, and their edits are no longer heard of.
  /// - Returns: The journeys that had unsaved edits, which nobody will save now.
  @discardableResult
  func releaseAll() -> [Journey] {
    collectEdits()
    let edited = candidates.compactMap { id in entries[id].flatMap { $0.isEdited ? $0.object : nil } }
    for entry in entries.values { entry.object?.registrar.setMutationHandler(nil) }
    for reference in detached.values { reference.journey?.registrar.setMutationHandler(nil) }
    _ = tracker.takeEdited()
    (entries, candidates, detached) = ([:], [], [:])
    return edited.sorted { $0.id.uuidString < $1.id.uuidString }
  }

  /// Reads every managed journey again, when what changed is not known: each field without an
  /// unsaved edit takes the value `read` gives (observers see it); a journey `read` does not
  /// find is detached.
  /// - Returns: The journeys detached with unsaved edits.
  @discardableResult
  func reload(_ read: (UUID) throws -> JourneyValues?) rethrows -> [Journey] {
    var discarded: [Journey] = []
    for id in Array(entries.keys) {
      guard let values = try read(id) else {
        if let journey = detach(id) { discarded.append(journey) }
        continue
      }
      takeCommitted(of: values, id: id)
    }
    collectEdits()
    return discarded
  }

  /// Drops the entries of journeys that nothing holds any more, once the map has grown to twice
  /// what it held after the last drop: its memory follows the journeys in use, at a cost that
  /// stays constant per journey managed.
  /// - Parameter incoming: Journeys about to be managed, counted as if they were: an add drops
  ///   the entries let go before its journeys come in, rather than once they are half in.
  private func dropJourneysLetGo(adding incoming: Int = 0) {
    Self.dropLetGo(from: &entries, capacity: &capacity, adding: incoming) { $0.object != nil }
  }

  /// Drops the deleted journeys that nothing holds any more, as `dropJourneysLetGo()` does for
  /// the managed ones, once `detached` has grown to twice what it held by deletes. Not for the
  /// objects an add sets aside (`awaitInsert(of:)`): their caller holds them until they are
  /// managed, and a walk of 100k of them at each doubling held the caller's actor 80-130 ms.
  private func dropDetachedLetGo() {
    Self.dropLetGo(from: &detached, capacity: &detachedCapacity) { $0.journey != nil }
  }

  /// Keeps only the values of `map` that `isHeld`, once it holds `capacity` (with `incoming`
  /// values about to come in), and sets the next capacity to twice what is left and coming.
  private static func dropLetGo<Value>(
    from map: inout [UUID: Value], capacity: inout Int, adding incoming: Int = 0, isHeld: (Value) -> Bool
  ) {
    guard map.count + incoming >= capacity else { return }
    map = map.filter { isHeld($0.value) }
    capacity = max(1_024, (map.count + incoming) * 2)
  }
}
