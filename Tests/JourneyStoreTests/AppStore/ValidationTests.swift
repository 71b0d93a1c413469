import Foundation
import Testing
import JourneyStore

/// A value no journey may hold is refused before any SQL runs, with `JourneyValidationError`
/// naming the field, the value and the rule, and the edit is kept for the caller to correct.
/// The public API only, as a client package sees it.
@Suite("Validation before saving")
struct ValidationTests {
  private static let lastDay = Date(timeIntervalSinceReferenceDate: 252_423_993_600 - 3600)

  private static func open(_ folder: TemporaryFolder, busyTimeout: Duration = .seconds(5)) throws -> JourneyDatabase {
    try JourneyDatabase(path: folder.file("journeys.sqlite"), configuration: .init(busyTimeout: busyTimeout, origin: "the app"))
  }

  /// What the file holds for a journey, read by another database (a second connection).
  private static func stored(_ id: UUID, in folder: TemporaryFolder) throws -> JourneySnapshot? {
    try open(folder).journey(id: id)?.snapshot
  }

  @Test(arguments: [
    (-5.0, JourneyField.Rule.notNegative, "-5"),
    (.nan, .finite, "nan"),
    (.infinity, .finite, "inf"),
  ])
  func aDurationNoJourneyHoldsIsRefusedAndTheEditKept(duration: Double, rule: JourneyField.Rule, text: String) throws {
    let folder = try TemporaryFolder()
    let database = try Self.open(folder)
    let journey = try database.add(Journey(name: "Commute", transportationType: .bike, duration: 600))
    let bikes = database.liveJourneys(JourneyQuery(transportationTypes: [.bike]))
    #expect(bikes.journeys.count == 1)
    journey.name = "Commute, edited"
    journey.duration = duration

    let error = try #require(throws: JourneyValidationError.self) { try database.save() }
    #expect(error.journeyID == journey.id)
    #expect(error.field == .duration)
    #expect(error.rule == rule)
    #expect(error.value.description == text)
    #expect(!error.description.contains("CHECK"), "\(error)")

    // Nothing was written; the edits stay, unsaved, and the live list shows them.
    #expect(try Self.stored(journey.id, in: folder)?.name == "Commute")
    #expect(database.hasChanges)
    #expect(journey.name == "Commute, edited")
    #expect(bikes.journeys.first === journey)
    #expect(bikes.journeys.first?.duration.bitPattern == duration.bitPattern)

    // Corrected, it saves, with the other edit.
    journey.duration = 900
    try database.save()
    #expect(try Self.stored(journey.id, in: folder) == journey.snapshot)
    #expect(!database.hasChanges)
  }

  @Test func aStartOutsideTheCalendarAndAnEndAfterItAreNamed() throws {
    let folder = try TemporaryFolder()
    let database = try Self.open(folder)
    let journey = try database.add(Journey(name: "Late", startDate: Self.lastDay, duration: 60))

    journey.startDate = Date(timeIntervalSinceReferenceDate: 252_423_993_600 + 86_400)  // year 10000
    let start = try #require(throws: JourneyValidationError.self) { try database.save() }
    #expect(start.field == .startDate && start.rule == .withinCalendar)

    journey.startDate = Self.lastDay
    journey.duration = 7200   // ends in the year 10000
    let end = try #require(throws: JourneyValidationError.self) { try database.save() }
    #expect(end.field == .duration && end.rule == .endsWithinCalendar)
    #expect(throws: JourneyValidationError.self) { try journey.validate() }

    database.rollback()
    #expect(journey.duration == 60)
    #expect(!database.hasChanges)
    try journey.validate()
  }

  /// Refused before any SQL runs: a save of a bad value does not wait for another program's lock
  /// (it waited the busy timeout, then failed on the table's CHECK).
  @Test(.timeLimit(.minutes(3))) func aBadValueIsRefusedWithoutWaitingForTheLock() async throws {
    let folder = try TemporaryFolder()
    let database = try Self.open(folder, busyTimeout: .seconds(4))
    let journey = try await database.add(Journey(name: "Commute"))
    let locker = try await LockHolder(.python, on: database.path, in: folder)
    journey.duration = -60
    let started = ContinuousClock.now
    await #expect(throws: JourneyValidationError.self) { try await database.save() }
    #expect(started.duration(to: .now) < .seconds(1))
    await #expect(throws: JourneyValidationError.self) { _ = try await database.add(Journey(name: "Bad", duration: -1)) }
    #expect(started.duration(to: .now) < .seconds(1))
    try await locker.release().expectSuccess("the lock holder")
  }

  @Test func addAndEditRefuseTheValueAndWriteNothing() throws {
    let folder = try TemporaryFolder()
    let database = try Self.open(folder)
    let good = Journey(name: "Good")
    let bad = Journey(name: "Bad", startDate: Date(timeIntervalSinceReferenceDate: -.infinity))
    let error = try #require(throws: JourneyValidationError.self) { try database.add(contentsOf: [good, bad]) }
    #expect(error.journeyID == bad.id && error.field == .startDate && error.rule == .finite)
    #expect(try database.count() == 0)

    try database.add(good)
    let edit = try #require(throws: JourneyValidationError.self) {
      try database.edit(good.id) { $0.duration = -1 }
    }
    #expect(edit.field == .duration && edit.rule == .notNegative)
    #expect(try Self.stored(good.id, in: folder)?.duration == 3600)
  }

  /// As the table's CHECK constraints do, the rules answer for the fields a write sets: a value
  /// another program stored past them in another field does not block a rename.
  @Test func aValueAnotherProgramStoredPastTheRulesDoesNotBlockAnEditOfAnotherField() throws {
    let folder = try TemporaryFolder()
    let database = try Self.open(folder)
    let journey = try database.add(Journey(name: "Commute", duration: 600))
    try OtherProgram.sqlite3(
      "PRAGMA ignore_check_constraints = ON; "
        + "UPDATE journey SET duration = -5 WHERE id = '\(journey.id.uuidString.lowercased())'",
      on: database.path)
    try database.edit(journey.id) { $0.name = "Renamed" }
    _ = try database.refresh()
    journey.name = "Renamed again"
    try database.save()
    let names = try JourneyDatabase(path: database.path).changes(ChangeQuery(journeyID: journey.id))
      .compactMap { $0.field == .name ? $0.newValue?.description : nil }
    #expect(names.first == "Renamed again")
  }

  @Test func aWriteThroughBindingHandsTheErrorToItsFailureHandler() throws {
    let folder = try TemporaryFolder()
    let database = try Self.open(folder)
    let journey = try database.add(Journey(name: "Commute", duration: 600))
    var failures: [any Error] = []
    let bindings = database.writeThrough(journey, isolation: nil) { failures.append($0) }
    bindings.duration.wrappedValue = -30
    let errors = database.waitForPendingWrites()
    let refused = try #require(errors.first as? JourneyValidationError)
    #expect(refused.field == .duration && refused.rule == .notNegative)
    #expect(failures.count == 1)
    #expect(journey.duration == 600, "snapped back, as a refused write-through write does")
    #expect(try Self.stored(journey.id, in: folder)?.duration == 600)
  }

  /// The library's messages name no command or option of the command line.
  @Test func theLibrarysMessagesSpeakOfTheLibrary() {
    let errors: [JourneyDatabaseError] = [
      .needsMigration(path: "/tmp/j.sqlite", version: 3),
      .notARegularFile(path: "/tmp/j.sqlite"),
      .invalidSchemaVersion(path: "/tmp/j.sqlite", version: -1),
      .damagedSchema(path: "/tmp/j.sqlite", problems: ["no table journey"]),
      .unreadableValue(id: "00000000-0000-4000-8000-000000000000", field: "duration", value: "'x'"),
      .foreignID("ABC"),
      .newerSchema(path: "/tmp/j.sqlite", version: 99, supported: 11),
      .closed(path: "/tmp/j.sqlite"),
    ]
    for error in errors {
      let text = error.description
      #expect(!text.contains("'roadtrip") && !text.contains("--db") && !text.contains("upgrade roadtrip"), "\(text)")
    }
  }
}
