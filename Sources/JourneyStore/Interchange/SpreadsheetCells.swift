#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The cells of a CSV written for a spreadsheet (`JourneyWriter(spreadsheet:)`): values that
/// LibreOffice and Excel read as values, and no cell they would run as a formula.
///
/// - Dates are local civil times, `2026-11-21 09:00:00`, which both read as a date and time; the
///   zone is the process's (`TZ`), which `import` needs again to read them back. Fractions of a
///   second are cut off.
/// - Durations are `[h]:mm:ss` (`1:30:00`, `30:00:00`), which both read as a time span; to the
///   nearest second.
/// - A text that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to a
///   spreadsheet (CSV injection): it gets a quote before it, as OWASP advises, and so does one
///   that starts with a quote, so that `JourneyReader.Options.readsSpreadsheetCells` drops
///   exactly the quotes this added.
enum SpreadsheetCells {
  /// Whether a text starting with this byte gets a quote before it.
  static func startsFormula(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D, UInt8(ascii: "'"):
      true
    default: false
    }
  }

  /// Appends a text cell, neutralised when it would start a formula.
  static func appendText(_ text: [UInt8], to bytes: inout [UInt8]) {
    if let first = text.first, startsFormula(first) { bytes.append(UInt8(ascii: "'")) }
    bytes.append(contentsOf: text)
  }

  /// Appends a date as local civil time to the second: `2026-11-21 09:00:00`; the date in UTC,
  /// as ISO 8601, when the local time cannot be known (out of the range `localtime_r` takes).
  static func appendDate(_ date: Date, to bytes: inout [UInt8]) {
    guard let local = LocalTime(date), (0...9999).contains(local.civil.year) else {
      date.appendISO8601(to: &bytes)
      return
    }
    let civil = local.civil
    appendDigits(civil.year, 4, &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendDigits(civil.month, 2, &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendDigits(civil.day, 2, &bytes)
    bytes.append(UInt8(ascii: " "))
    appendClock(hours: civil.hour, minutes: civil.minute, seconds: civil.second, hourDigits: 2, to: &bytes)
  }

  /// Appends a duration in seconds as `[h]:mm:ss`, to the nearest second: `1:30:00`, `30:00:00`.
  static func appendDuration(_ seconds: Double, to bytes: inout [UInt8]) {
    guard seconds.isFinite, seconds >= 0, seconds < 1e15 else {
      bytes.append(contentsOf: String(seconds).utf8)
      return
    }
    let whole = Int64(seconds.rounded())
    appendClock(hours: whole / 3600, minutes: whole / 60 % 60, seconds: whole % 60, hourDigits: 1, to: &bytes)
  }

  private static func appendClock(
    hours: Int64, minutes: Int64, seconds: Int64, hourDigits: Int, to bytes: inout [UInt8]
  ) {
    appendDigits(hours, hourDigits, &bytes)
    bytes.append(UInt8(ascii: ":"))
    appendDigits(minutes, 2, &bytes)
    bytes.append(UInt8(ascii: ":"))
    appendDigits(seconds, 2, &bytes)
  }

  private static func appendDigits(_ value: Int64, _ width: Int, _ bytes: inout [UInt8]) {
    let digits = Array(String(value).utf8)
    if digits.count < width { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count)) }
    bytes.append(contentsOf: digits)
  }
}
