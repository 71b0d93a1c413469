#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyReader {
  /// Checks a record's `endDate`, when it is not read as exactly the journey's end, against the
  /// text of that end: equal texts agree (the end may have more digits than its text shows).
  /// - Throws: `.malformed` for an end that is not a date, or not the journey's.
  func checkEnd(_ endText: String, against end: Date, line: Int) throws(InterchangeError) {
    guard endText != end.iso8601 else { return }
    guard let given = Date(iso8601: endText) ?? (try? DateExpression.date(endText)) else {
      throw .malformed(line: line, reason: "\(JourneyRecord.endDateKey): \(JourneyInputError.invalidDate(endText))")
    }
    // Equal dates have equal texts: only unequal ones need formatting, to compare as written. A
    // spreadsheet's cells are to the second: its start and duration may make an end a second
    // away from the one it shows.
    let slack: TimeInterval = options.readsSpreadsheetCells ? 1 : 0
    guard given == end || given.iso8601 == end.iso8601 || abs(given.timeIntervalSince(end)) <= slack else {
      throw .malformed(
        line: line,
        reason: "endDate \(endText) is not startDate + duration (\(end.iso8601)); correct it or leave it out")
    }
  }

  /// The duration from a start in stored form to an end as typed, read as a start is read.
  /// - Throws: `.malformed` for an end that is not a date or lies before the start.
  static func duration(
    from start: DatabaseValue, to endText: String, line: Int
  ) throws(InterchangeError) -> DatabaseValue {
    let end: Date
    do {
      end = try DateExpression.date(endText)
    } catch {
      throw .malformed(line: line, reason: "\(JourneyRecord.endDateKey): \(error)")
    }
    let startDate = Date(timeIntervalSinceReferenceDate: start.double ?? 0)
    guard end >= startDate else {
      throw .malformed(
        line: line, reason: "\(JourneyRecord.endDateKey) \(end.iso8601) lies before startDate \(startDate.iso8601)")
    }
    return JourneyField.duration.storedValue(end.timeIntervalSince(startDate))
  }
}

extension JourneyReader {
  /// Whether a start as written is read in the local time zone: it ends with no `Z` and no
  /// offset (`+01:00`, `-0500`, `+01`), and is not a shift from now (`+2d`, `-3h`) or `now`.
  static func isLocalTime(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = utf8.first, let last = utf8.last else { return false }
    if last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") { return false }
    if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { return false }
    if utf8.count == 3, utf8.elementsEqual("now".utf8) { return false }
    // An offset: a sign after the date's first 10 bytes, then digits and colons to the end.
    var index = utf8.count - 1
    while index > 10, utf8[index] == UInt8(ascii: ":") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[index]) {
      index -= 1
    }
    return !(index > 10 && (utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: "-")))
  }
}

extension JourneyReader {
  /// A text cell of a spreadsheet export as it was before `export --spreadsheet` neutralised it:
  /// without the quote put before a first `=`, `+`, `-`, `@`, tab, carriage return or quote
  /// (`SpreadsheetCells.neutralised`).
  static func spreadsheetText(_ utf8: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard utf8.count >= 2, utf8[0] == UInt8(ascii: "'"), SpreadsheetCells.startsFormula(utf8[1]) else { return utf8 }
    return UnsafeBufferPointer(rebasing: utf8[1...])
  }
}
