#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyReader {
  /// Turns the values of one record into a journey, with each field's parser, reading them
  /// where they lie in `buffer`.
  func journey(
    from values: [ScannedValue?], line: Int, in buffer: UnsafeBufferPointer<UInt8>
  ) throws(InterchangeError) -> ImportedJourney {
    /// The value under a key, `nil` when the record has none.
    func value(_ index: Int) throws(InterchangeError) -> ScannedValue? {
      guard let value = values[index] else { return nil }
      if case .notText = value {
        throw .malformed(line: line, reason: "the value of '\(JourneyRecord.keys[index])' must be a string or a number")
      }
      return value
    }
    func text(_ index: Int) throws(InterchangeError) -> String? {
      try value(index)?.text(in: buffer)
    }
    var id: UUID?
    if let idValue = try value(0) {
      guard let parsed = idValue.withUTF8(in: buffer, { UUID(text: $0) }) ?? nil else {
        throw .malformed(
          line: line,
          reason: "'\(idValue.text(in: buffer) ?? "")' is not a journey id (a UUID such as 0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001)")
      }
      id = parsed
    }
    var stored: [DatabaseValue] = []
    stored.reserveCapacity(JourneyField.all.count)
    let endIndex = JourneyRecord.keys.count - 1
    var isDurationFromEnd = false
    let isPartial = options.acceptsPartialRecords
    var missing = JourneyFieldSet()
    for (offset, field) in JourneyField.all.enumerated() {
      guard let given = try value(offset + 1) ?? (field == .name && !isPartial ? .text("") : nil) else {
        // The start comes before the duration: a duration can be the time from it to the end.
        if field == .duration, let endText = try text(endIndex), !missing.contains(.startDate) {
          stored.append(try Self.duration(from: stored[JourneyField.startDate.index], to: endText, line: line))
          isDurationFromEnd = true
          continue
        }
        guard isPartial else {
          throw .malformed(
            line: line, reason: "the journey has no '\(field.name)'\(field == .duration ? " (nor an end to take it from)" : "")")
        }
        if field == .duration, try value(endIndex) != nil {
          throw .malformed(
            line: line, reason: "an endDate gives the duration only with the startDate it ends; add the startDate, or a duration")
        }
        // Not given: the journey keeps what it holds (`ConflictPolicy.update`).
        missing.insert(field)
        stored.append(.null)
        continue
      }
      let parsed = given.withUTF8(in: buffer) { written in
        Result { () throws(JourneyInputError) in
          let utf8 = field == .name && options.readsSpreadsheetCells ? Self.spreadsheetText(written) : written
          let value = try field.storedValue(parsingUTF8: utf8)
          if field == .startDate, !readsLocalTimes, Self.isLocalTime(utf8) { readsLocalTimes = true }
          return value
        }
      }
      switch parsed {
      case .success(let value)?: stored.append(value)
      case .failure(let error)?: throw .malformed(line: line, reason: "\(field.name): \(error)")
      case nil: preconditionFailure("a value that is not text was refused above")
      }
    }
    let journeyValues = JourneyValues(stored)
    // A journey that keeps its start or duration is checked by the table's constraint.
    guard missing.isEmpty || (!missing.contains(.startDate) && !missing.contains(.duration)) else {
      return ImportedJourney(line: line, id: id, values: journeyValues, missingFields: missing)
    }
    // The start lies in the calendar (its parser checks that); the end is checked here.
    let start = journeyValues[.startDate].double ?? 0
    let duration = journeyValues[.duration].double ?? 0
    let startDate = Date(timeIntervalSinceReferenceDate: start)
    guard Journey.endsWithinCalendar(start: startDate, duration: duration) else {
      let refused = JourneyInputError.endAfterCalendar(try text(JourneyField.duration.index + 1) ?? "", start: startDate.iso8601)
      throw .malformed(line: line, reason: "duration: \(refused)")
    }
    if !isDurationFromEnd, let endValue = try value(endIndex) {
      let end = JourneyRecord.endDate(of: journeyValues)
      // The usual end, in ISO 8601, is read as an instant and compared: no text is made.
      if endValue.withUTF8(in: buffer, { Date(iso8601UTF8: $0) }) != end {
        try checkEnd(endValue.text(in: buffer) ?? "", against: end, line: line)
      }
    }
    return ImportedJourney(line: line, id: id, values: journeyValues, missingFields: missing)
  }
}
