import Foundation
import Testing
import JourneyStore

/// The README's command-line tour, run as written (with the ids the tour's `add`s print).
@Suite("The README tour")
struct ReadmeTourTests {
  @Test func runsAsWritten() async throws {
    let sandbox = try CLISandbox()
    let coast = try #require(try await sandbox.run(
      "add", "Coast road", "--transport", "car", "--start", "2026-11-21T08:00:00Z", "--duration", "1h30m").lines.first)
    let prefix = String(coast.prefix(8))  // 4 digits, as in the README, could match both journeys by chance
    try await sandbox.run("transport", prefix, "bike").expectSuccess()
    #expect(try await sandbox.run("transport", prefix).standardOutput == "bike\n")
    let school = try #require(try await sandbox.run(
      "add", "School run", "--transport", "car", "--start", "2026-11-22T08:15:00Z", "--duration", "20m").lines.first)
    let table = try await sandbox.run("list", "--format", "table")
    #expect(table.standardOutput == """
      ID        NAME        TYPE  START                   DURATION  END
      \(coast.prefix(8))  Coast road  bike  2026-11-21 08:00+00:00    1h 30m  09:30+00:00
      \(school.prefix(8))  School run  car   2026-11-22 08:15+00:00       20m  08:35+00:00

      """)
    let json = try await sandbox.run("list", "--json")
    #expect(json.lines == [
      "[",
      #"  {"id":"\#(coast)","name":"Coast road","transportationType":"bike","startDate":"2026-11-21T08:00:00Z","duration":5400,"endDate":"2026-11-21T09:30:00Z"},"#,
      #"  {"id":"\#(school)","name":"School run","transportationType":"car","startDate":"2026-11-22T08:15:00Z","duration":1200,"endDate":"2026-11-22T08:35:00Z"}"#,
      "]",
    ])
    let cars = try await sandbox.run("list", "--transport", "car")
    try await sandbox.run("transport", "-", "bike", input: cars.standardOutput).expectSuccess()
    let later = try await sandbox.run("list", "--since", "2026-11-22", "--format", "ids")
    #expect(later.lines == [school])
    let set = try await sandbox.run("set", "-", "name=School run", "duration=45m", input: later.standardOutput)
    set.expectSuccess()
    #expect(try sandbox.value("transportationType", of: school) == "bike")
    #expect(try sandbox.value("duration", of: school) == "2700")
    let card = try await sandbox.run("show", prefix)
    #expect(card.lines.first == "Bike (bike)")
    let both = try await sandbox.run("show", prefix, String(school.prefix(8)), "--json")
    #expect(both.standardOutput.hasPrefix("[") && both.standardOutput.contains(coast) && both.standardOutput.contains(school), "\(both)")
    let chosen = try await sandbox.run("list", "--fields", "id,name,duration", "--format", "csv")
    #expect(chosen.standardOutput.hasPrefix("id,name,duration\r\n\(coast),Coast road,5400\r\n"), "\(chosen)")
    let coloured = try await sandbox.run("list", "--format", "table", "--color=always")
    #expect(coloured.standardOutput.contains("\u{1B}["), "\(coloured)")
    #expect(card.standardOutput.contains("Duration  1h 30m\n"))
    let exported = try await sandbox.run("export")
    #expect(exported.lines.count == 2)
    let copy = sandbox.folder.file("copy.sqlite")
    let imported = try await sandbox.run("import", "--db", copy, input: exported.standardOutput)
    #expect(imported.standardError.hasPrefix("Imported 2 journeys in "))
    #expect(try sandbox.records(at: copy) == sandbox.records())

    // History, undo and watch.
    let history = try await sandbox.run("history", "--limit", "2", "--format", "table")
    #expect(history.lines.count == 2)
    #expect(history.lines[0].contains("#5     \(school.prefix(8))  School run            update  duration            20m → 45m  roadtrip set - 'name=School run' duration=45m"))
    #expect(history.lines[1].contains("#4     \(school.prefix(8))  School run            update  transportationType  car → bike  roadtrip transport - bike"))
    let undo = try await sandbox.run("undo")
    #expect(undo.standardError.hasPrefix("Undid roadtrip set - 'name=School run' duration=45m (batch 5, "))
    #expect(undo.standardError.hasSuffix("): 1 journey updated (duration).\n"))
    let redo = try await sandbox.run("redo")
    #expect(redo.standardError.hasPrefix("Redid roadtrip set - 'name=School run' duration=45m (batch 5, "))
    let watch = try WatchProcess(sandbox: sandbox, arguments: ["watch", "--count", "1", "--format", "table"])
    defer { watch.stop() }
    for _ in 0..<100 where watch.isRunning {
      try await sandbox.run("transport", prefix, "car").expectSuccess()
      try await sandbox.run("transport", prefix, "bike").expectSuccess()
    }
    #expect(try await watch.waitForExit(within: .seconds(20)) == 0)
    #expect(watch.output().contains("\(coast.prefix(8))  Coast road            update  transportationType  "))
  }
}
