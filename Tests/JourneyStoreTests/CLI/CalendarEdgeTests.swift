import Foundation
import JourneyStore
import Testing

/// One clock per command, the calendar's bounds checked where a date is read, and dates shown
/// so that typing them back gives the same instant (issue 25, item 6), on the real binary.
@Suite("One now per command, and the calendar's edges")
struct CalendarEdgeTests {
  /// Every row of an import reads `now` and `tomorrow 9am` from one instant, however long the
  /// import takes: 60,000 rows take longer than a second here, so a clock read per row would
  /// give them several starts.
  @Test func anImportReadsNowOnceForEveryRow() async throws {
    let sandbox = try CLISandbox()
    var csv = "name,type,start,duration\n"
    for row in 0..<60_000 {
      csv += row.isMultiple(of: 2) ? "n\(row),car,now,1h\n" : "t\(row),bus,tomorrow 9am,1h\n"
    }
    let path = sandbox.folder.file("relative.csv")
    try csv.write(toFile: path, atomically: false, encoding: .utf8)
    let started = Date()
    let result = try await sandbox.run("import", path, "--keep-duplicates")
    result.expectSuccess()
    let starts = try sandbox.records().values.reduce(into: [String: Set<String>]()) {
      $0[$1["transportationType"]?.text ?? "", default: []].insert($1["startDate"]?.text ?? "")
    }
    #expect(starts["car"]?.count == 1, "rows starting now: \(starts["car"] ?? [])")
    #expect(starts["bus"]?.count == 1, "rows starting tomorrow 9am: \(starts["bus"] ?? [])")
    let now = try #require(starts["car"]?.first.flatMap { try? Date(parsing: $0) })
    #expect(now >= started.addingTimeInterval(-1) && now <= Date())
  }

  /// The library's form: inside `withNow`, every relative word reads the instant it holds, and
  /// work inside other work keeps the outer instant.
  @Test func withNowHoldsOneInstantForItsWork() throws {
    let held = try Date(parsing: "2026-11-25T12:00:00Z")
    try DateExpression.withNow(held) { () throws in
      #expect(try DateExpression.date("now") == held)
      #expect(try DateExpression.date("+2h") == held.addingTimeInterval(7_200))
      #expect(try Date(parsing: "now") == held)
      try DateExpression.withNow { () throws in
        #expect(try DateExpression.date("now") == held)
      }
    }
  }

  /// A date past the calendar's edges, in any form, is refused where it is read, in roadtrip's
  /// words (never SQLite's CHECK text), with exit 64, and nothing is written.
  @Test(arguments: [
    ("UTC", "9999-12-31T23:59:59-01:00"),
    ("UTC", "+3000000d"),
    ("UTC", "+2999999d"),
    ("UTC", "in 3500000 days"),
    ("UTC", "-800000d"),
    ("Europe/Berlin", "0000-01-01"),
    ("Asia/Tokyo", "0000-01-01T08:00"),
  ])
  func aStartOutsideTheCalendarIsRefusedInRoadtripsWords(_ zone: String, _ text: String) async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run(["add", "x", "--start", text], environment: ["TZ": zone])
    result.expectExit(64)
    #expect(result.standardError.contains("'\(text)' lies outside the years 0000 to 9999"), "\(result)")
    #expect(!result.standardError.contains("CHECK"), "\(result)")
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  /// The same for an edit of a journey near the edge: a shifted start or end, an end typed.
  @Test(arguments: ["start=+3000000d", "end=+3000000d", "end=9999-12-31T23:59:59-01:00", "start=+1d"])
  func anEditOutsideTheCalendarIsRefusedAndChangesNothing(_ edit: String) async throws {
    let sandbox = try CLISandbox()
    let added = try await sandbox.run("add", "edge", "--start", "9999-12-31T22:00:00Z", "--duration", "1m")
    let id = try #require(added.lines.first)
    let before = try sandbox.snapshot()
    let result = try await sandbox.run("set", id, edit)
    result.expectExit(64)
    #expect(result.standardError.contains("lies outside the years 0000 to 9999"), "\(result)")
    #expect(try sandbox.snapshot() == before)
  }

  /// What a table shows as a start reads back as the same instant when typed into `set`, also
  /// where the local time cannot be written as ISO 8601 (a local mean time with seconds in its
  /// offset, a local year of 10000): there the table shows the instant in UTC.
  @Test(arguments: [
    ("Australia/Lord_Howe", "0000-01-02T00:00:00Z", true),
    ("Pacific/Kiritimati", "0000-01-01T12:00:00Z", true),
    ("Pacific/Kiritimati", "0000-01-01T05:00:00Z", true),
    ("Australia/Sydney", "9999-12-31T22:00:00Z", true),
    ("Europe/Berlin", "2026-06-01T10:00:00Z", false),
  ])
  func aShownStartReadsBackAsTheSameInstant(_ zone: String, _ start: String, _ showsUTC: Bool) async throws {
    let sandbox = try CLISandbox()
    let environment = ["TZ": zone]
    let added = try await sandbox.run(["add", "x", "--start", start, "--duration", "1m"], environment: environment)
    let id = try #require(added.lines.first, "\(added)")
    let table = try await sandbox.run(["list", "--format", "table"], environment: environment)
    let lines = table.standardOutput.split(separator: "\n").map(String.init)
    let header = try #require(lines.first)
    let row = try #require(lines.dropFirst().first)
    let column = try #require(header.range(of: "START")).lowerBound.utf16Offset(in: header)
    let fromColumn = String(row.dropFirst(column))
    // The start is the text up to two spaces: a local date has one space inside it.
    let startText = String(fromColumn[..<(fromColumn.range(of: "  ")?.lowerBound ?? fromColumn.endIndex)])
    #expect(showsUTC == (startText == start), "\(table)")
    let set = try await sandbox.run(["set", id, "start=\(startText)"], environment: environment)
    set.expectSuccess()
    #expect(try sandbox.value("startDate", of: id) == start, "shown as \(startText)")
  }
}
