#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyQuery.Filter {
  /// The filter's conditions in SQL, each a term of a `WHERE` clause that joins them with `AND`,
  /// with the values to bind to their parameters, in order: what `matches` decides in memory.
  var sqlTerms: (terms: [String], values: [DatabaseValue]) {
    var terms: [String] = []
    var values: [DatabaseValue] = []
    if !transportationTypes.isEmpty {
      let types = transportationTypes.sorted { $0.rawValue < $1.rawValue }
      terms.append("\(JourneyField.transportationType.column) IN (\(types.map { _ in "?" }.joined(separator: ", ")))")
      values += types.map(JourneyField.transportationType.storedValue)
    }
    let start = JourneyField.startDate.column
    if let startingFrom {
      terms.append("\(start) >= ?")
      values.append(JourneyField.startDate.storedValue(startingFrom))
    }
    if let startingBefore {
      terms.append("\(start) < ?")
      values.append(JourneyField.startDate.storedValue(startingBefore))
    }
    if let overlapping {
      let (overlapTerms, overlapValues) = Self.sqlTerms(overlapping: overlapping)
      terms += overlapTerms
      values += overlapValues
    }
    let duration = JourneyField.duration.column
    if let lastingAtLeast {
      terms.append("\(duration) >= ?")
      values.append(JourneyField.duration.storedValue(lastingAtLeast))
    }
    if let lastingAtMost {
      terms.append("\(duration) <= ?")
      values.append(JourneyField.duration.storedValue(lastingAtMost))
    }
    if let nameContaining, !nameContaining.isEmpty {
      terms.append("\(NameSearch.sqlFunction)(\(JourneyField.name.column), ?)")
      values.append(.text(nameContaining))
    }
    if !anyOf.isEmpty {
      var branches: [String] = []
      for filter in anyOf {
        let (branchTerms, branchValues) = filter.sqlTerms
        branches.append(branchTerms.isEmpty ? "1" : "(" + branchTerms.joined(separator: " AND ") + ")")
        values += branchValues
      }
      terms.append("(" + branches.joined(separator: " OR ") + ")")
    }
    return (terms, values)
  }

  /// The terms that keep the journeys under way during `range`: they start before it ends, and
  /// end after it starts or start in it (a journey of no duration).
  ///
  /// A third term bounds the start from below, by the longest duration stored
  /// (`longestDuration`), so that SQLite reads a range of the index on start dates rather
  /// than every journey that starts before the range ends. The bound lies a second lower than
  /// the sum it stands for, so that no rounding of that sum leaves out a journey the exact test
  /// keeps.
  private static func sqlTerms(overlapping range: Range<Date>) -> (terms: [String], values: [DatabaseValue]) {
    guard !range.isEmpty else { return (["0"], []) }
    let (start, duration) = (JourneyField.startDate.column, JourneyField.duration.column)
    let from = JourneyField.startDate.storedValue(range.lowerBound)
    let before = JourneyField.startDate.storedValue(range.upperBound)
    return (
      ["\(start) < ?", "\(start) >= ? - \(longestDuration) - 1", "(\(start) >= ? OR \(start) + \(duration) > ?)"],
      [before, from, from, from]
    )
  }

  /// A `SELECT` of the longest duration stored, or a day when none is longer: read from the end
  /// of the index of the journeys that last more than a day (`Schema.version12`), whose
  /// condition this one repeats word for word, so that SQLite sees the index answers it.
  static let longestDuration =
    "(SELECT coalesce(max(duration), 86400) FROM journey WHERE duration > 86400)"

  /// Whether the filter reads names: SQLite then reads the name of every journey the other
  /// conditions keep.
  var readsNames: Bool {
    !(nameContaining ?? "").isEmpty || anyOf.contains(where: \.readsNames)
  }
}
