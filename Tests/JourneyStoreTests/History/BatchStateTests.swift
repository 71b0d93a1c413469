import Testing
@testable import JourneyStore

/// The released triggers compare a batch's `state` with numbers written out (a released migration
/// never changes); they must be `BatchState`'s.
@Suite("Batch states")
struct BatchStateTests {
  @Test func theTriggersUseTheStatesNumbers() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.file("j.sqlite"), create: true, busyTimeout: .seconds(1))
    try connection.upgradeSchema()
    var triggers: [String] = []
    try connection.forEachRow("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'journey_logs_%'") {
      triggers.append($0.text(at: 0))
    }
    #expect(triggers.count >= 3)
    for sql in triggers {
      // Silent while roadtrip's own batch is open.
      #expect(sql.contains("IS NOT \(BatchState.openSelfLogged.rawValue)"), "\(sql)")
    }
    var table = ""
    try connection.forEachRow("SELECT sql FROM sqlite_schema WHERE name = 'batch'") { table = $0.text(at: 0) }
    let (low, high) = (BatchState.allCases.map(\.rawValue).min()!, BatchState.allCases.map(\.rawValue).max()!)
    #expect(table.contains("CHECK (state >= \(low) AND state <= \(high))"), "\(table)")
    // The outside batch a trigger opens.
    var opened: [Int64] = []
    try connection.execute("INSERT INTO journey VALUES ('00000000-0000-4000-8000-000000000001', 'x', 'car', 0, 0)")
    try connection.forEachRow("SELECT state FROM batch") { opened.append($0.integer(at: 0)) }
    #expect(opened == [BatchState.openOutside.rawValue])
  }
}
