import Foundation
import Testing

@testable import JourneyStore

/// Honest replicas, each the real `roadtrip` binary on its own database, add, rename and delete
/// journeys and sync through one folder while an adversary (`scripts/hostile-remote.py`, another
/// program) plants hostile files in it: clocks, vectors, values, text, sizes, FIFOs, links,
/// copies, and missing and damaged files. Every command ends, with a code of the contract and no
/// terminal escape in what it prints; and once the adversary stops, the honest replicas converge
/// with each other and lose nothing (SYNC.md, "What someone who can write to the remote can do").
@Suite("Sync among hostile files")
struct SyncAdversaryTests {
  /// What the adversary plants (`scripts/hostile-remote.py`'s kinds); those that need a journey
  /// are given one of the honest replicas'.
  static let kinds = [
    "clock", "future-clock", "vector", "snapshot-vector", "rocket", "not-utf8", "huge-value",
    "escape", "fifo", "dev-zero", "huge-file", "copy", "conflict-copy", "missing", "damaged",
  ]
  static let needsJourney: Set<String> = ["rocket", "not-utf8", "huge-value"]

  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts/hostile-remote.py").path

  /// A sync refuses what it cannot use (65) or cannot read (74), and completes the rest.
  static let syncExits: Set<Int32> = [0, 65, 74]

  struct World {
    let sandbox: CLISandbox
    let count: Int
    var remote: String { sandbox.folder.file("remote") }

    func path(_ replica: Int) -> String { sandbox.folder.file("replica-\(replica).sqlite") }

    func run(_ replica: Int, _ arguments: [String]) async throws -> CommandResult {
      let result = try await sandbox.runBounded(
        arguments, environment: ["ROADTRIP_DB": path(replica)], timeout: .seconds(60))
      #expect(
        !result.standardError.contains("\u{1B}") && !result.standardOutput.contains("\u{1B}"),
        "a terminal escape reached the output of \(arguments): \(result)")
      return result
    }

    @discardableResult
    func sync(_ replica: Int) async throws -> CommandResult {
      let result = try await run(replica, ["sync", remote])
      #expect(
        SyncAdversaryTests.syncExits.contains(result.exitCode),
        "replica \(replica)'s sync: \(result)")
      return result
    }

    /// The journeys, one NDJSON line each, in the order of their ids.
    func table(_ replica: Int) async throws -> [String] {
      let result = try await run(replica, ["export", "--format", "ndjson"])
      result.expectSuccess()
      return result.lines.sorted()
    }

    func ids(_ replica: Int) async throws -> [String] {
      try await run(replica, ["list", "--format", "ids"]).lines.sorted()
    }

    /// The names lost in conflicts, as `sync conflicts --format ndjson` lists them.
    func lostNames(_ replica: Int) async throws -> Set<String> {
      let result = try await run(replica, ["sync", "conflicts", "--format", "ndjson"])
      var names = Set<String>()
      for line in result.lines {
        guard
          let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        else { continue }
        for key in ["lost", "kept"] {
          if let name = object[key] as? String { names.insert(name) }
        }
      }
      return names
    }

    func plant(_ kind: String, journey: String?, seed: Int) async throws {
      var arguments = [SyncAdversaryTests.script, remote, kind, "--seed", String(seed)]
      if let journey { arguments += ["--journey", journey] }
      let result = try await Child.run(
        "/usr/bin/python3", arguments, environment: sandbox.environment, in: sandbox.folder)
      #expect(result.exitCode == 0 || result.exitCode == 2, "the adversary: \(result)")
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func honestReplicasStayAliveConvergeAndLoseNothing(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let world = World(sandbox: try CLISandbox(), count: Int.random(in: 3...4, using: &random))
    // The names given to each journey, and those an edit replaced where it had seen them.
    var names: [String: [String]] = [:]
    var replaced = Set<String>()
    var planted: [String] = []
    for step in 0..<48 {
      let replica = Int.random(in: 0..<world.count, using: &random)
      let present = try await world.ids(replica)
      let name = "r\(replica)-\(step)"
      switch Int.random(in: 0..<12, using: &random) {
      case 0...1:
        let added = try await world.run(replica, ["add", name])
        added.expectSuccess()
        names[added.lines.last ?? "", default: []].append(name)
      case 2...4 where !present.isEmpty:
        let id = present.randomElement(using: &random)!
        let before = try await world.run(replica, ["show", id, "--json"]).standardOutput
        if let object = try? JSONSerialization.jsonObject(with: Data(before.utf8)),
          let old = ((object as? [[String: Any]])?.first ?? object as? [String: Any])?["name"]
            as? String
        {
          replaced.insert(old)
        }
        try await world.run(replica, ["set", id, "name=\(name)"]).expectSuccess()
        names[id, default: []].append(name)
      case 5 where !present.isEmpty:
        try await world.run(replica, ["delete", present.randomElement(using: &random)!, "--yes"])
          .expectSuccess()
      case 6...7:
        let kind = Self.kinds.randomElement(using: &random)!
        let journey = Self.needsJourney.contains(kind) ? present.randomElement(using: &random) : nil
        guard !Self.needsJourney.contains(kind) || journey != nil else { continue }
        try await world.plant(kind, journey: journey, seed: Int(seed) * 1000 + step)
        planted.append(kind)
      default:
        try await world.sync(replica)
      }
    }
    // The adversary stops; what it planted stays. The honest replicas sync until each has
    // sent and received everything.
    var lastRound: [String] = []
    for _ in 0..<3 {
      lastRound = []
      for replica in 0..<world.count {
        lastRound.append("replica \(replica): \(try await world.sync(replica).standardError)")
      }
    }
    let table = try await world.table(0)
    for replica in 1..<world.count {
      let other = try await world.table(replica)
      #expect(
        other == table,
        """
        replica \(replica) differs from replica 0 (seed \(seed), planted \(planted)):
        only on 0: \(Set(table).subtracting(other))
        only on \(replica): \(Set(other).subtracting(table))
        the last syncs: \(lastRound.joined(separator: "\n"))
        """)
    }
    // Every name given is the journey's name, or was replaced by an edit that saw it, or is
    // listed in a conflict.
    var lost = Set<String>()
    for replica in 0..<world.count { lost.formUnion(try await world.lostNames(replica)) }
    let current = Dictionary(
      uniqueKeysWithValues: table.compactMap { line -> (String, String)? in
        guard
          let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          let id = object["id"] as? String, let name = object["name"] as? String
        else { return nil }
        return (id, name)
      })
    for (id, given) in names {
      guard let name = current[id] else { continue }
      for old in given where old != name {
        #expect(
          replaced.contains(old) || lost.contains(old),
          "\(old) of \(id) vanished (seed \(seed), planted \(planted))")
      }
    }
  }
}
