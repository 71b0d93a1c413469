import Foundation
import Testing
import JourneyStore

@Suite("roadtrip add")
struct AddCommandTests {
  @Test func printsTheNewIdAndStoresEveryField() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run(
      "add", "Coast road", "--transport", "Shared Ride", "--start", "2026-11-21T08:00:00Z", "--duration", "1h30m")
    result.expectSuccess()
    #expect(result.standardError == "roadtrip: created \(sandbox.databasePath)\n")
    let id = try #require(result.lines.first)
    #expect(result.lines.count == 1)
    #expect(UUID(uuidString: id) != nil && id == id.lowercased())
    let record = try #require(try sandbox.record(id))
    #expect(record["name"] == .string("Coast road"))
    #expect(record["transportationType"] == .string("hired-car"))
    #expect(record["startDate"] == .string("2026-11-21T08:00:00Z"))
    #expect(record["duration"] == .number("5400"))
    #expect(try sandbox.origins() == [
      "roadtrip add 'Coast road' --transport 'Shared Ride' --start 2026-11-21T08:00:00Z --duration 1h30m",
    ])
  }

  @Test func defaultsToACarTripOfAnHourStartingNow() async throws {
    let sandbox = try CLISandbox()
    let before = Date()
    let result = try await sandbox.run("add", "")
    result.expectSuccess()
    let journeys = try JourneyDatabase(path: sandbox.databasePath).journeys()
    let journey = try #require(journeys.first)
    #expect(journeys.count == 1)
    #expect(journey.name == "")
    #expect(journey.transportationType == .car)
    #expect(journey.duration == 3600)
    #expect(abs(journey.startDate.timeIntervalSince(before)) < 60)
  }

  @Test func readsLocalDatesInTheTimeZone() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run(
      "add", "Local", "--start", "2026-11-21T08:00", "--duration", "90", environment: ["TZ": "Europe/Paris"])
    let id = try #require(result.lines.first, "\(result)")
    #expect(try sandbox.value("startDate", of: id) == "2026-11-21T07:00:00Z")
    #expect(try sandbox.value("duration", of: id) == "90")
  }

  @Test func printsTheJourneyAsOneJSONObjectWithJSON() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run(
      "add", "Ride", "--transport", "bike", "--start", "2026-11-21T08:00:00Z", "--duration", "45m", "--json")
    result.expectSuccess()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let id = try #require(object["id"] as? String)
    #expect(result.standardOutput == """
      {"id":"\(id)","name":"Ride","transportationType":"bike","startDate":"2026-11-21T08:00:00Z",\
      "duration":2700,"endDate":"2026-11-21T08:45:00Z"}

      """)
    #expect(try sandbox.record(id) != nil)
  }

  @Test func createsTheDatabaseAndItsFoldersPrivately() async throws {
    let sandbox = try CLISandbox()
    let path = sandbox.folder.file("deep/er/journeys.sqlite")
    let result = try await sandbox.run("add", "First", "--db", path)
    result.expectSuccess()
    let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(fileMode.map { $0 & 0o777 } == 0o600)
    for folder in ["deep", "deep/er"] {
      let mode = try FileManager.default.attributesOfItem(atPath: sandbox.folder.file(folder))[.posixPermissions] as? Int
      #expect(mode.map { $0 & 0o777 } == 0o700)
    }
    #expect(try sandbox.records(at: path).count == 1)
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  @Test(arguments: [
    (["--transport", "bicycle"], "did you mean 'bike'?"),
    (["--transport", "plane"], "walk-or-run, skateboard, scooter, bike, car, hired-car, bus, light-rail"),
    (["--start", "someday"], "'someday' is not a date"),
    (["--duration", "-5m"], "'-5m' is negative"),
    (["--duration", "soon"], "'soon' is not a duration"),
    (["--frobnicate"], "'--frobnicate' is not an option of 'roadtrip add'; 'roadtrip add --help' lists its options"),
  ])
  func refusesBadValuesAsUsageErrorsAndCreatesNothing(_ arguments: [String], message: String) async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run(["add", "Nope"] + arguments)
    result.expectExit(64)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix("roadtrip: error: "))
    #expect(result.standardError.contains(message), "\(result)")
    // An unknown option is said with the command's help to read instead of its usage.
    #expect(result.standardError.contains("Usage: roadtrip add") || result.standardError.contains("'roadtrip add --help'"))
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  @Test func refusesAStartBeforeTheYearZeroAndChangesNothing() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.run("add", "Ancient", "--start", "0000-01-01T00:00:00+01:00")
    result.expectExit(64)
    #expect(result.standardError.hasPrefix(
      "roadtrip: error: '0000-01-01T00:00:00+01:00' lies outside the years 0000 to 9999"), "\(result)")
    #expect(try sandbox.snapshot() == before)
  }

  /// A journey that would end after the year 9999 is refused where its start and duration are
  /// read, in roadtrip's words (which start, which duration, the last possible end), never in
  /// SQLite's; nothing is written.
  @Test(arguments: [
    (["--start", "9999-12-31T23:59:59Z"], "'1h' is too long: it starts at 9999-12-31T23:59:59Z"),
    (["--start", "2026-11-21T08:00:00Z", "--duration", "252423993600"],
     "'252423993600' is too long: it starts at 2026-11-21T08:00:00Z"),
  ])
  func refusesAnEndAfterTheYear9999InItsOwnWords(_ arguments: [String], message: String) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let result = try await sandbox.run(["add", "Too late"] + arguments)
    result.expectExit(64)
    #expect(result.standardError.contains(message), "\(result)")
    #expect(result.standardError.contains("a journey ends by 9999-12-31T23:59:59.999Z"), "\(result)")
    #expect(!result.standardError.contains("CHECK"), "\(result)")
    #expect(!result.standardError.contains("database refused"), "\(result)")
    #expect(try sandbox.snapshot() == before)
  }

  /// The last instant a journey can end at is accepted.
  @Test func acceptsAnEndJustBeforeTheYear10000() async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run("add", "Last", "--start", "9999-12-31T23:59:58Z", "--duration", "1.999")
    result.expectSuccess()
  }
}
