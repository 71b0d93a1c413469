/// A calendar date and wall-clock time in the proleptic Gregorian calendar, without a time zone.
struct CivilTime: Equatable {
  var year: Int64
  var month: Int64
  var day: Int64
  var hour: Int64 = 0
  var minute: Int64 = 0
  var second: Int64 = 0
  /// Fractional seconds, in `0..<1`.
  var fraction: Double = 0

  /// Seconds from 1970-01-01 (Unix time) to 2001-01-01 (Foundation's reference date).
  static let referenceDateUnixSeconds: Int64 = 978_307_200

  var isValid: Bool {
    (1...12).contains(month) && (1...Self.daysIn(month: month, year: year)).contains(day)
      && (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
  }

  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a Gregorian date (Howard Hinnant's `days_from_civil`).
  static func unixDays(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
  static func yearMonthDay(fromUnixDays unixDays: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let days = unixDays + 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
