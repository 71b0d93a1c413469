import FoundationEssentials

/// Months and named days: `this-month`, `last-month`, `next-month`, `2026-11`, `nov`, `nov 24`,
/// `24 nov`, `nov 24 2025`, `november 2025`.
extension DateExpression {
  /// Months from this one of `last-month`, `this-month` and `next-month` (also with a space).
  static func monthOffset(_ words: [String]) -> Int64? {
    ["last-month": -1, "this-month": 0, "next-month": 1][words.joined(separator: "-")]
  }

  /// 1 for January to 12 for December, from the month's name or its first three letters or more
  /// (`nov`, `sept`).
  static func month(_ word: String) -> Int64? {
    let names = [
      "january", "february", "march", "april", "may", "june",
      "july", "august", "september", "october", "november", "december",
    ]
    return names.firstIndex { $0 == word || (word.count >= 3 && $0.hasPrefix(word)) }.map { Int64($0) + 1 }
  }

  /// The year and month of `2026-11`, as ISO 8601 writes a month.
  static func yearMonth(_ text: String) -> (year: Int64, month: Int64)? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].utf8.count == 4, parts[1].utf8.count == 2,
      parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
      let year = Int64(parts[0]), let month = Int64(parts[1]), (1...12).contains(month)
    else { return nil }
    return (year, month)
  }

  /// The whole local month `months` months after the one of `local`.
  static func month(_ local: LocalTime, addingMonths months: Int64) -> DateInterval? {
    let index = local.civil.year * 12 + local.civil.month - 1 + months
    return span(local, year: index / 12, month: index % 12 + 1, day: nil)
  }

  /// The local span of a month (`day` nil) or of one of its days, from midnight to midnight;
  /// `nil` for a day the month does not have or a year outside 0000 to 9999.
  static func span(_ local: LocalTime, year: Int64, month: Int64, day: Int64?) -> DateInterval? {
    guard (0...9999).contains(year), (1...12).contains(month) else { return nil }
    if let day, !(1...CivilTime.daysIn(month: month, year: year)).contains(day) { return nil }
    let today = CivilTime.unixDays(year: local.civil.year, month: local.civil.month, day: local.civil.day)
    let first = CivilTime.unixDays(year: year, month: month, day: day ?? 1) - today
    let length = day == nil ? CivilTime.daysIn(month: month, year: year) : 1
    guard let start = local.date(addingDays: first, hour: 0, minute: 0, second: 0) else { return nil }
    // The end of 9999-12 lies past the calendar: the span ends at its last instant then.
    let end = local.date(addingDays: first + length, hour: 0, minute: 0, second: 0) ?? Journey.calendar.upperBound
    return end >= start ? DateInterval(start: start, end: end) : nil
  }

  /// A month or a day of one named in words: `nov`, `nov 24`, `24 nov`, with a year or without.
  /// Without a year it is the most recent one that has begun, the current one included, when
  /// `looksBack` (`--since nov`, as git reads it), else the first one not over yet (a new date).
  static func namedMonth(_ words: [String], from local: LocalTime, now: Date, looksBack: Bool) -> DateInterval? {
    guard (1...3).contains(words.count) else { return nil }
    var month: Int64?
    var day: Int64?
    var year: Int64?
    for word in words {
      if month == nil, let named = Self.month(word) {
        month = named
      } else if word.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let number = Int64(word) {
        if word.utf8.count == 4, year == nil {
          year = number
        } else if word.utf8.count <= 2, day == nil, year == nil {
          day = number
        } else {
          return nil
        }
      } else {
        return nil
      }
    }
    guard let month else { return nil }
    if let year { return span(local, year: year, month: month, day: day) }
    for year in [local.civil.year - 1, local.civil.year, local.civil.year + 1].reversed() where looksBack {
      if let found = span(local, year: year, month: month, day: day), found.start <= now { return found }
    }
    for year in [local.civil.year - 1, local.civil.year, local.civil.year + 1] where !looksBack {
      if let found = span(local, year: year, month: month, day: day), found.end > now { return found }
    }
    return nil
  }
}
