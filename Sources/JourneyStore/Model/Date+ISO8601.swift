#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Date {
  /// Parses an ISO 8601 date as people type it.
  ///
  /// `2026-11-21T08:00:00Z` and `2026-11-21T08:00:00.250+02:00` name an instant; `2026-11-21T08:00`,
  /// `2026-11-21 08:00:30` and `2026-11-21` (midnight) are in the local time zone (`TZ`).
  /// - Returns: `nil` when the text is not such a date.
  init?(iso8601 text: String) {
    var text = text
    guard let date = text.withUTF8({ Date(iso8601UTF8: $0) }) else { return nil }
    self = date
  }

  /// Parses an ISO 8601 date from its UTF-8 bytes, as `init?(iso8601:)` parses its text.
  init?(iso8601UTF8 bytes: UnsafeBufferPointer<UInt8>) {
    var scanner = ISO8601Scanner(bytes)
    guard let (civil, offset) = scanner.scan() else { return nil }
    if let offset {
      self = Date(civil: civil).addingTimeInterval(-TimeInterval(offset))
    } else {
      guard let local = Date(localCivil: civil) else { return nil }
      self = local
    }
  }

  /// The date in UTC as ISO 8601 with a `Z`: `2026-11-21T08:00:00Z`, `2026-11-21T08:00:00.25Z`.
  ///
  /// The fraction of a second has as few digits as it takes for `Date(iso8601:)` to read back
  /// exactly the same `Date`, so that exporting and importing journeys loses nothing.
  public var iso8601: String {
    var bytes: [UInt8] = []
    appendISO8601(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `iso8601`'s text, as UTF-8, without making a string.
  func appendISO8601(to bytes: inout [UInt8]) {
    let interval = timeIntervalSinceReferenceDate
    guard abs(interval) < 1e15 else {
      bytes.append(contentsOf: String(interval).utf8)
      return
    }
    let whole = interval.rounded(.down)
    let seconds = Int64(whole) + CivilTime.referenceDateUnixSeconds
    let days = seconds.floorDivided(by: 86_400)
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = CivilTime.yearMonthDay(fromUnixDays: days)
    // The fixed-width parts go in as a few tuples of bytes, not byte by byte: an export writes
    // two dates a journey.
    func digit(_ value: Int64) -> UInt8 { UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value) }
    if (0...9999).contains(year) {
      withUnsafeBytes(of: (digit(year / 1000), digit(year / 100 % 10), digit(year / 10 % 10), digit(year % 10))) {
        bytes.append(contentsOf: $0)
      }
    } else {
      bytes.append(year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
      Self.appendDigits(abs(year), 4, to: &bytes)
    }
    let (hour, minute, second) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    let (dash, colon) = (UInt8(ascii: "-"), UInt8(ascii: ":"))
    let rest = (
      dash, digit(month / 10), digit(month % 10), dash, digit(day / 10), digit(day % 10), UInt8(ascii: "T"),
      digit(hour / 10), digit(hour % 10), colon, digit(minute / 10), digit(minute % 10), colon,
      digit(second / 10), digit(second % 10)
    )
    withUnsafeBytes(of: rest) { bytes.append(contentsOf: $0) }
    if interval != whole, let fraction = Self.shortestFraction(of: interval, whole: whole) {
      bytes.append(UInt8(ascii: "."))
      bytes.append(contentsOf: fraction.utf8)
    }
    bytes.append(UInt8(ascii: "Z"))
  }

  /// Appends a non-negative number with at least `width` digits, zero-padded.
  private static func appendDigits(_ value: Int64, _ width: Int, to bytes: inout [UInt8]) {
    let zero = UInt8(ascii: "0")
    switch (width, value) {
    case (2, 0..<100):
      bytes.append(zero + UInt8(value / 10))
      bytes.append(zero + UInt8(value % 10))
    case (4, 0..<10_000):
      bytes.append(zero + UInt8(value / 1000))
      bytes.append(zero + UInt8(value / 100 % 10))
      bytes.append(zero + UInt8(value / 10 % 10))
      bytes.append(zero + UInt8(value % 10))
    default:
      let text = String(value)
      bytes.append(contentsOf: repeatElement(zero, count: max(0, width - text.utf8.count)))
      bytes.append(contentsOf: text.utf8)
    }
  }

  /// The fewest decimal digits `d` such that `whole + Double("0.d")` is `interval` again, which is
  /// how `Date(iso8601:)` reads a fraction; `nil` when there is no fraction.
  ///
  /// The candidates for `n` digits are the integers nearest `fraction × 10ⁿ`, counted in `Int64`:
  /// past 15 digits a `Double` no longer holds every integer, and the product is off by up to a
  /// few units, so the search looks a little further there.
  private static func shortestFraction(of interval: TimeInterval, whole: TimeInterval) -> String? {
    let fraction = interval - whole
    guard fraction > 0, fraction < 1 else { return nil }
    var closest = ""
    for count in 1...17 {
      let limit = Int64(Self.powersOfTen[count])
      let scaled = Int64((fraction * Self.powersOfTen[count]).rounded())
      let spread: Int64 = count < 15 ? 1 : 32
      for offset in 0...(2 * spread) {
        // scaled, scaled - 1, scaled + 1, scaled - 2, …
        let candidate = scaled + (offset % 2 == 0 ? offset / 2 : -(offset + 1) / 2)
        guard candidate > 0 && candidate < limit else { continue }
        var bytes: [UInt8] = []
        Self.appendDigits(candidate, count, to: &bytes)
        let digits = String(decoding: bytes, as: UTF8.self)
        if whole + (Double("0." + digits) ?? .nan) == interval {
          return String(digits.reversed().drop { $0 == "0" }.reversed())
        }
        if offset == 0 { closest = digits }
      }
    }
    return closest.isEmpty ? nil : closest
  }

  private static let powersOfTen: [Double] = (0...17).map { pow(10, Double($0)) }

  /// The instant of a civil time in UTC.
  init(civil: CivilTime) {
    let days = CivilTime.unixDays(year: civil.year, month: civil.month, day: civil.day)
    let seconds = days * 86_400 + civil.hour * 3600 + civil.minute * 60 + civil.second
    self.init(timeIntervalSinceReferenceDate:
      TimeInterval(seconds - CivilTime.referenceDateUnixSeconds) + civil.fraction)
  }

  /// The instant of a civil time in the local time zone; the corresponding C function is `mktime`.
  private init?(localCivil civil: CivilTime) {
    var parts = tm()
    parts.tm_year = Int32(civil.year - 1900)
    parts.tm_mon = Int32(civil.month - 1)
    parts.tm_mday = Int32(civil.day)
    parts.tm_hour = Int32(civil.hour)
    parts.tm_min = Int32(civil.minute)
    parts.tm_sec = Int32(civil.second)
    parts.tm_isdst = -1
    // -1 is both mktime's error and 1969-12-31T23:59:59Z (one second before the Unix epoch,
    // 00:59:59 in Berlin on 1970-01-01): only a success fills in the day of the week.
    parts.tm_wday = -1
    let seconds = mktime(&parts)
    guard seconds != -1 || parts.tm_wday != -1 else { return nil }
    self.init(timeIntervalSinceReferenceDate:
      TimeInterval(Int64(seconds) - CivilTime.referenceDateUnixSeconds) + civil.fraction)
  }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
