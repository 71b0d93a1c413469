#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyQuery {
  /// Whether a journey, with the values it holds now (unsaved edits included), passes the
  /// query's filters: the same conditions as its SQL, evaluated in memory.
  public func matches(_ journey: Journey) -> Bool {
    filter.matches(
      type: journey.transportationType, start: journey.startDate, duration: journey.duration, name: journey.name)
  }

  /// Whether a journey passes the filters, read without telling Observation: the database's
  /// check, which must not register whoever is tracking for the fields it reads.
  func matchesUntracked(_ journey: Journey) -> Bool {
    filter.matches(
      type: journey.untrackedTransportationType, start: journey.untrackedStartDate,
      duration: journey.untrackedDuration, name: journey.untrackedName)
  }

  /// The fields the query's filters and order read: a change of any other field changes no
  /// journey's place in its result.
  var fieldsRead: JourneyFieldSet {
    filter.fieldsRead.union(sortFields)
  }

  /// The fields the query's sort keys read.
  var sortFields: JourneyFieldSet {
    var fields = JourneyFieldSet()
    for key in sortKeys { fields.insert(key.field) }
    return fields
  }

  /// Whether journey `a` sorts strictly before `b` in the query's order, by the values the
  /// journeys hold now (compared as the query's SQL has SQLite compare them, `SortKey.compare`),
  /// then by their ids (or, without sort keys, their rowids), as the query's SQL breaks ties.
  func sortsBefore(_ a: (journey: Journey, rowID: Int64), _ b: (journey: Journey, rowID: Int64)) -> Bool {
    for key in orderKeys {
      let order = key.compare(key.field.readUntracked(a.journey), key.field.readUntracked(b.journey))
      if order != 0 { return (order < 0) != (key.isDescending != isReversed) }
    }
    guard !sortKeys.isEmpty else { return isReversed ? a.rowID > b.rowID : a.rowID < b.rowID }
    // Ids as stored, lowercase text compared by its bytes, as SQLite compares them.
    let (x, y) = (a.journey.id.lowercasedText, b.journey.id.lowercasedText)
    return isReversed ? y.utf8.lexicographicallyPrecedes(x.utf8) : x.utf8.lexicographicallyPrecedes(y.utf8)
  }
}

extension JourneyQuery.Filter {
  /// Whether a journey with these values passes the filter: the conditions of `sqlTerms`, in
  /// memory, compared as SQLite compares the stored values (a journey's end is the same sum).
  func matches(type: TransportationType, start: Date, duration: TimeInterval, name: String) -> Bool {
    if !transportationTypes.isEmpty && !transportationTypes.contains(type) { return false }
    if let startingFrom, start < startingFrom { return false }
    if let startingBefore, start >= startingBefore { return false }
    if let overlapping {
      guard !overlapping.isEmpty, start < overlapping.upperBound else { return false }
      let end = Journey.endDate(start: start, duration: duration)
      guard start >= overlapping.lowerBound || end > overlapping.lowerBound else { return false }
    }
    if let lastingAtLeast, !(duration >= lastingAtLeast) { return false }
    if let lastingAtMost, !(duration <= lastingAtMost) { return false }
    if let nameContaining, !NameSearch(nameContaining).matches(name) { return false }
    return anyOf.isEmpty || anyOf.contains { $0.matches(type: type, start: start, duration: duration, name: name) }
  }

  /// The fields the filter's conditions read: a change of any other field changes no journey's
  /// passing it. Keep it next to `matches`, which reads the same.
  var fieldsRead: JourneyFieldSet {
    var fields = JourneyFieldSet()
    if !transportationTypes.isEmpty { fields.insert(.transportationType) }
    if startingFrom != nil || startingBefore != nil { fields.insert(.startDate) }
    if overlapping != nil { fields = fields.union([.startDate, .duration]) }
    if lastingAtLeast != nil || lastingAtMost != nil { fields.insert(.duration) }
    if !(nameContaining ?? "").isEmpty { fields.insert(.name) }
    for filter in anyOf { fields = fields.union(filter.fieldsRead) }
    return fields
  }
}
