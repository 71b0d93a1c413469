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

  private func matches(transportationType: TransportationType, startDate: Date, name: String) -> Bool {
    if !transportationTypes.isEmpty && !transportationTypes.contains(transportationType) { return false }
    if let startingFrom, startDate < startingFrom { return false }
    if let startingBefore, startDate >= startingBefore { return false }
    if let nameContaining, !NameSearch(nameContaining).matches(name) { return false }
    return true
  }

  /// Whether journey `a` sorts strictly before `b` in the query's order, by the values the
  /// journeys hold now (compared as SQLite compares the stored values: numbers by value, text by
  /// its bytes), then by their rowids, as the query's SQL breaks ties.
  func sortsBefore(_ a: (journey: Journey, rowID: Int64), _ b: (journey: Journey, rowID: Int64)) -> Bool {
    let order = sortField.map { Self.compare($0.readUntracked(a.journey), $0.readUntracked(b.journey)) } ?? 0
    let tie = a.rowID < b.rowID ? -1 : (a.rowID == b.rowID ? 0 : 1)
    let combined = order != 0 ? order : tie
    return isDescending ? combined > 0 : combined < 0
  }

  /// -1, 0 or 1 as SQLite's BINARY collation orders two stored values of one column.
  private static func compare(_ a: DatabaseValue, _ b: DatabaseValue) -> Int {
    switch (a, b) {
    case (.text(let x), .text(let y)):
      return x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : (x.utf8.elementsEqual(y.utf8) ? 0 : 1)
    default:
      let (x, y) = (a.double ?? 0, b.double ?? 0)
      return x < y ? -1 : (x == y ? 0 : 1)
    }
  }
}
