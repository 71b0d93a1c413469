import Foundation
import Testing
@testable import JourneyStore

/// Dates as filters read them, in the library: weekdays look back, a day or a week counts
/// whole. Every date is local (no offset), so the tests hold in any time zone of the machine.
@Suite("Date bounds")
struct DateBoundsTests {
  /// Wednesday 2026-11-25 at noon, local time.
  static let wednesday = Date(iso8601: "2026-11-25T12:00")!

  static func local(_ text: String) -> Date {
    Date(iso8601: text)!
  }

  @Test(arguments: [
    ("monday", "2026-11-23", "2026-11-24"),
    ("wednesday", "2026-11-25", "2026-11-26"),
    ("thursday", "2026-11-19", "2026-11-20"),
    ("last wednesday", "2026-11-18", "2026-11-19"),
    ("next monday", "2026-11-30", "2026-12-01"),
    ("today", "2026-11-25", "2026-11-26"),
    ("yesterday", "2026-11-24", "2026-11-25"),
    ("2026-11-24", "2026-11-24", "2026-11-25"),
    ("this-week", "2026-11-23", "2026-11-30"),
    ("this week", "2026-11-23", "2026-11-30"),
    ("last-week", "2026-11-16", "2026-11-23"),
    ("next-week", "2026-11-30", "2026-12-07"),
  ])
  func aDayOrAWeekIsAWholePeriodAndWeekdaysLookBack(_ text: String, _ start: String, _ end: String) throws {
    let period = try DateExpression.period(text, now: Self.wednesday)
    #expect(period.start == Self.local(start))
    #expect(period.end == Self.local(end))
  }

  @Test(arguments: ["now", "-2h", "today 18:00", "2026-11-24T08:00", "3 days ago"])
  func anInstantIsAPeriodOfNoLength(_ text: String) throws {
    let period = try DateExpression.period(text, now: Self.wednesday)
    #expect(period.duration == 0)
    #expect(period.start == (try DateExpression.date(text, now: Self.wednesday)))
  }

  /// A new date looks forward: `monday` is the next one, `this-week` its first day.
  @Test func aNewDateLooksForward() throws {
    #expect(try DateExpression.date("monday", now: Self.wednesday) == Self.local("2026-11-30"))
    #expect(try DateExpression.date("wednesday", now: Self.wednesday) == Self.local("2026-12-02"))
    #expect(try DateExpression.date("this-week", now: Self.wednesday) == Self.local("2026-11-23"))
  }

  @Test func onAMondayMondayIsToday() throws {
    let monday = Self.local("2026-11-23T09:00")
    #expect(try DateExpression.period("monday", now: monday).start == Self.local("2026-11-23"))
    #expect(try DateExpression.date("monday", now: monday) == Self.local("2026-11-30"))
  }

  @Test func sinceUntilAndOnKeepWholeDays() throws {
    let today = try DateBounds(since: "today", until: "today", now: Self.wednesday)
    #expect(today == DateBounds(from: Self.local("2026-11-25"), before: Self.local("2026-11-26")))
    let until = try DateBounds(since: nil, until: "2026-11-24", now: Self.wednesday)
    #expect(until == DateBounds(before: Self.local("2026-11-25")))
    let instant = try DateBounds(since: "-1h", until: "now", now: Self.wednesday)
    #expect(instant == DateBounds(from: Self.local("2026-11-25T11:00"), before: Self.wednesday))
    let on = try DateBounds(since: nil, until: nil, on: "2026-11-24T08:00", now: Self.wednesday)
    #expect(on == DateBounds(from: Self.local("2026-11-24"), before: Self.local("2026-11-25")))
    let week = try DateBounds(since: "tuesday", until: nil, on: "this-week", now: Self.wednesday)
    #expect(week == DateBounds(from: Self.local("2026-11-24"), before: Self.local("2026-11-30")))
    #expect(throws: JourneyInputError.invalidDate("someday")) { try DateBounds(since: "someday", until: nil) }
  }

  /// A query's start dates from `DateBounds`: `until` a date-only day includes it.
  @Test func aQueryKeepsTheWholeDayItIsGiven() throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("j.sqlite"))
    for start in ["2026-11-23T08:00", "2026-11-24T23:30", "2026-11-25T00:00"] {
      try database.add(Journey(name: start, startDate: Self.local(start)))
    }
    var query = JourneyQuery()
    query.startDates = try DateBounds(since: "monday", until: "2026-11-24", now: Self.wednesday)
    #expect(query.startingFrom == Self.local("2026-11-23"))
    #expect(try database.journeys(query).map(\.name) == ["2026-11-23T08:00", "2026-11-24T23:30"])
    var changes = ChangeQuery()
    changes.committedDates = try DateBounds(since: nil, until: nil, on: "today", now: Self.wednesday)
    #expect(changes.since == Self.local("2026-11-25") && changes.until == Self.local("2026-11-26"))
  }
}
