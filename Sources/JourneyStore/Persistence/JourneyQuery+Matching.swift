#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyQuery {
  /// Whether a journey, with the values it holds now (unsaved edits included), passes the
  /// query's filters: the same conditions as its SQL, evaluated in memory.
  public func matches(_ journey: Journey) -> Bool {
    matches(transportationType: journey.transportationType, startDate: journey.startDate, name: journey.name)
  }

  /// Whether a journey passes the filters, read without telling Observation: the database's
  /// check, which must not register whoever is tracking for the fields it reads.
  func matchesUntracked(_ journey: Journey) -> Bool {
    matches(
      transportationType: journey.untrackedTransportationType, startDate: journey.untrackedStartDate,
      name: journey.untrackedName)
  }

  /// The fields the query's filters and order read: a change of any other field changes no
  /// journey's place in its result. Keep it next to `matches`, which reads the same.
  var fieldsRead: JourneyFieldSet {
    var fields = sortFields
    if !transportationTypes.isEmpty { fields.insert(.transportationType) }
    if startingFrom != nil || startingBefore != nil { fields.insert(.startDate) }
    if !(nameContaining ?? "").isEmpty { fields.insert(.name) }
    return fields
  }

  /// The fields the query's sort keys read.
  var sortFields: JourneyFieldSet {
    var fields = JourneyFieldSet()
    for key in sortKeys { fields.insert(key.field) }
    return fields
  }

  private func matches(transportationType: TransportationType, startDate: Date, name: String) -> Bool {
    if !transportationTypes.isEmpty && !transportationTypes.contains(transportationType) { return false }
    if let startingFrom, startDate < startingFrom { return false }
    if let startingBefore, startDate >= startingBefore { return false }
    if let nameContaining, !NameSearch(nameContaining).matches(name) { return false }
    return true
  }

  /// Whether journey `a` sorts strictly before `b` in the query's order, by the values the
  /// journeys hold now (compared as the query's SQL has SQLite compare them, `SortKey.compare`),
  /// then by their ids (or, without sort keys, their rowids), as the query's SQL breaks ties.
  func sortsBefore(_ a: (journey: Journey, rowID: Int64), _ b: (journey: Journey, rowID: Int64)) -> Bool {
    for key in orderKeys {
      let order = key.compare(key.field.readUntracked(a.journey), key.field.readUntracked(b.journey))
      if order != 0 { return (order < 0) != (key.isDescending != isDescending) }
    }
    guard !sortKeys.isEmpty else { return isDescending ? a.rowID > b.rowID : a.rowID < b.rowID }
    // Ids as stored, lowercase text compared by its bytes, as SQLite compares them.
    let (x, y) = (a.journey.id.lowercasedText, b.journey.id.lowercasedText)
    return isDescending ? y.utf8.lexicographicallyPrecedes(x.utf8) : x.utf8.lexicographicallyPrecedes(y.utf8)
  }
}
