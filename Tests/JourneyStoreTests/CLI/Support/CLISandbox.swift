import Foundation
@testable import JourneyStore

/// One test's world for the `roadtrip` binary: a temporary folder, a database path in it, and an
/// environment that points roadtrip at that database and at nothing of the user's.
final class CLISandbox: Sendable {
  let folder: TemporaryFolder
  /// The database `ROADTRIP_DB` names; it does not exist until a test or a command creates it.
  let databasePath: String
  /// The environment every run starts from: no colour settings, UTC, a home inside the folder, no
  /// pager.
  let environment: [String: String]

  init() throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("journeys.sqlite")
    environment = [
      "PATH": "/usr/bin:/bin", "HOME": folder.path, "ROADTRIP_DB": databasePath, "TZ": "UTC",
      "LANG": "C.UTF-8", "PAGER": "cat",
    ]
  }

  /// Runs `roadtrip` with standard input from `input` (else `/dev/null`), and `environment`
  /// changes: a `nil` value unsets a variable.
  func run(_ arguments: String..., input: String? = nil, environment changes: [String: String?] = [:]) async throws
    -> CommandResult
  {
    try await run(arguments, input: input, environment: changes)
  }

  func run(_ arguments: [String], input: String? = nil, environment changes: [String: String?] = [:]) async throws
    -> CommandResult
  {
    try await RoadtripBinary.run(arguments, environment: environment(with: changes), input: input, in: folder)
  }

  /// Runs `roadtrip` on a pseudo-terminal (with `script`), so that standard input, output and
  /// error are all a terminal; `input` is typed at it. The output of both streams is merged, as a
  /// terminal shows it, with `\r\n` turned back into `\n`.
  func runInTerminal(_ arguments: [String], input: String = "", environment changes: [String: String?] = [:])
    async throws -> CommandResult
  {
    let commandLine = ([RoadtripBinary.path] + arguments).map(Self.shellQuoted).joined(separator: " ")
    let result = try await Child.run(
      RoadtripBinary.script, RoadtripBinary.terminalArguments(commandLine), environment: environment(with: changes),
      inputText: input, in: folder, mergesError: true, timeout: nil)
    return CommandResult(
      standardOutput: result.standardOutput.replacingOccurrences(of: "\r\n", with: "\n"), standardError: "",
      exitCode: result.exitCode)
  }

  private func environment(with changes: [String: String?]) -> [String: String] {
    var environment = self.environment
    for (name, value) in changes {
      environment[name] = value
    }
    return environment
  }

  /// The text quoted for `/bin/sh`.
  static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

extension CLISandbox {
  /// Adds journeys to the sandbox's database (creating it) as another program would.
  func seed(_ journeys: [Journey], at path: String? = nil) throws {
    try JourneyDatabase(path: path ?? databasePath, configuration: .init(origin: "tests")).add(contentsOf: journeys)
  }

  /// Adds the three sample journeys.
  func seedSamples() throws {
    try seed(SampleJourneys.all)
  }

  /// Every journey in the database, by id, read through a connection of the test's own.
  func records(at path: String? = nil) throws -> [String: JourneyRecord] {
    var records: [String: JourneyRecord] = [:]
    try JourneyDatabase(path: path ?? databasePath, configuration: .init(createsFile: false)).forEachJourney {
      records[$0.id.uuidString.lowercased()] = JourneyRecord($0)
    }
    return records
  }

  /// One journey's record, or `nil` when it is not in the database (or `id` is no id): read
  /// alone, not out of every record, so that a look at one value of a large file stays cheap.
  func record(_ id: String) throws -> JourneyRecord? {
    guard let uuid = UUID(uuidString: id) else { return nil }
    return try JourneyDatabase(path: databasePath, configuration: .init(createsFile: false))
      .journey(id: uuid).map(JourneyRecord.init)
  }

  /// The value of one key of one journey's record, as text.
  func value(_ key: String, of id: String) throws -> String? {
    try record(id)?[key]?.text
  }

  /// The value of one key of one journey's record once it is `expected`, waiting at most
  /// `timeout` for a write on its way (an editor saves off its screen's thread); what it is then,
  /// otherwise.
  func value(_ key: String, of id: String, becoming expected: String, timeout: Duration = .seconds(15)) async throws -> String? {
    let deadline = ContinuousClock.now + timeout
    while true {
      let value = try value(key, of: id)
      if value == expected || ContinuousClock.now > deadline { return value }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Every journey and the number of batches in the change log: equal snapshots mean a command
  /// changed nothing.
  func snapshot() throws -> Snapshot {
    Snapshot(records: try records(), batchCount: try batchCount())
  }

  /// The number of batches in the change log.
  func batchCount() throws -> Int64 {
    try Connection(path: databasePath, busyTimeout: .seconds(5)).firstValue("SELECT count(*) FROM batch")?.integer ?? -1
  }

  /// The origins the change log records, oldest first.
  func origins() throws -> [String] {
    var origins: [String] = []
    try Connection(path: databasePath, busyTimeout: .seconds(5)).forEachRow("SELECT origin FROM batch ORDER BY id") {
      origins.append($0.text(at: 0))
    }
    return origins
  }

  /// The fields that each journey's changes in one batch of the change log record, in order.
  func changedFields(inBatch batch: Int64) throws -> [String: [String]] {
    var fields: [String: [String]] = [:]
    try ChangeLog(connection: Connection(path: databasePath, busyTimeout: .seconds(5)))
      .forEachChange(ChangeQuery(batch: batch, isNewestFirst: false)) { change in
        fields[change.journeyID.lowercasedText, default: []].append(change.field?.name ?? change.kind.rawValue)
      }
    return fields
  }

  /// Whether a file exists at a path.
  func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }

  /// The bytes of a file.
  func bytes(of path: String) -> Data? {
    FileManager.default.contents(atPath: path)
  }

  struct Snapshot: Equatable {
    var records: [String: JourneyRecord]
    var batchCount: Int64
  }
}
