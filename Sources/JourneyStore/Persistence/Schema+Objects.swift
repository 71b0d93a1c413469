extension Schema {
  /// Tables a migration leaves behind for Swift code to empty, as SQL alone cannot convert their
  /// rows, with the first version that has them: `sync_register_v8`, version 8's registers,
  /// which the first sync converts (`RegisterStore`). Such a table is not part of the schema a
  /// file must have: an upgrade drops one it left empty, and the conversion drops it once done,
  /// so that a new database holds none.
  static let leftovers: [String: Int64] = ["sync_register_v8": 9]

  /// The tables, indexes and triggers of roadtrip's schema by name, at index `n` those a file has
  /// after `n` migrations (SQLite's automatic indexes and the `leftovers` aside).
  static let objects: [Set<String>] = {
    let version1: Set<String> = [
      "batch", "journey", "change", "journey_by_type", "journey_by_start", "change_by_journey", "change_by_batch",
    ]
    let version2 = version1.union(["batch_by_reverts"])
    let version3 = version2.union([
      "log_horizon", "journey_replaced", "journey_before_end", "journey_before_end_update", "journey_keeps_replaced",
      "journey_logs_insert", "journey_logs_update", "journey_logs_id_change", "journey_logs_delete",
    ])
    let version5 = version3.subtracting(["journey_before_end", "journey_before_end_update"])
    let version6 = version5.union([
      "sync_replica", "sync_remote", "sync_seen", "sync_sent", "sync_register", "sync_conflict",
    ])
    let version7 = version6.union([
      "change_range", "journey_resolves_range_delete", "journey_resolves_range_move",
      "journey_resolves_range_replace",
    ])
    let version9 = version7
    let version10 = version9.union([
      "journey_keeps_replaced_by_update", "journey_logs_replaced", "journey_logs_replaced_by_update",
    ])
    let version11 = version10.union(["sync_held"])
    let version12 = version11.union(["journey_by_long_duration"])
    return [
      [], version1, version2, version3, version3, version5, version6, version7, version7, version9,
      version10, version11, version12,
    ]
  }()

  /// What is wrong with the schema of a file whose `user_version` is `version`: objects of
  /// roadtrip's schema that are missing, or that belong to another version (a `user_version`
  /// someone reset), and with `comparingTriggerBodies` (`db check`) triggers whose body is not the
  /// one its migrations wrote. Objects of the user's own (a view, an index) are not roadtrip's
  /// business. Before a write only names are compared: roadtrip logs its own writes with the
  /// triggers silent, and reading the migrations' triggers would be a visible part of one edit.
  static func problems(in connection: Connection, version: Int64, comparingTriggerBodies: Bool = false) throws -> [String] {
    guard version >= 0 && version < objects.count else { return [] }
    let known = objects.reduce(into: Set(leftovers.keys)) { $0.formUnion($1) }
    var present: Set<String> = []
    var changedTriggers: [String] = []
    let triggers = comparingTriggerBodies ? triggers(atVersion: version) : [:]
    try connection.forEachRow("SELECT name, type, sql FROM sqlite_schema") { row in
      let name = row.text(at: 0)
      guard known.contains(name) else { return }
      present.insert(name)
      if let expected = triggers[name], row.text(at: 1) == "trigger", row.text(at: 2) != expected {
        changedTriggers.append(name)
      }
    }
    let expected = objects[Int(version)]
    var problems = expected.subtracting(present).sorted().map { "'\($0)' is missing" }
    problems += changedTriggers.sorted().map { "the trigger '\($0)' is not the one roadtrip wrote (its body was changed)" }
    let foreign = present.subtracting(expected).filter { (leftovers[$0] ?? .max) > version }.sorted()
    if !foreign.isEmpty {
      var problem = "its user_version says \(version), but it has objects of another version ("
        + foreign.joined(separator: ", ") + ")"
      // A file has a leftover from its version on until it is converted (or was left empty).
      let withLeftovers = objects.indices.map { index in
        objects[index].union(leftovers.filter { $0.value <= Int64(index) }.keys)
      }
      if let match = withLeftovers.lastIndex(of: present) ?? objects.lastIndex(of: present) {
        problem += "; if nothing else was changed, sqlite3 FILE 'PRAGMA user_version = \(match)' repairs it"
      }
      problems.append(problem)
    }
    return problems
  }
}

extension Schema {
  /// The triggers of roadtrip's schema that a file has after `version` migrations, by name: the
  /// SQL that `sqlite_schema` holds for each (its `CREATE TRIGGER` statement as the migration that
  /// made it wrote it, without the semicolon), so that a body another program changed is seen.
  static func triggers(atVersion version: Int64) -> [String: String] {
    triggersByVersion[Int(min(max(version, 0), currentVersion))]
  }

  /// `triggers(atVersion:)` for every version, read once from the migrations' SQL, in its order:
  /// each `CREATE TRIGGER` that starts a line runs to the `END` that starts a line (trigger
  /// bodies end so in every migration), and a `DROP TRIGGER` that starts a line removes one.
  /// Read as bytes: a command that writes reads it once, and a `Regex` or generic sequence
  /// algorithms cost many times more (P3).
  private static let triggersByVersion: [[String: String]] = {
    var triggers: [String: String] = [:]
    var byVersion = [triggers]
    for migration in migrations {
      let lines = MigrationLines(migration)
      var line = 0
      while line < lines.count {
        if let name = lines.name(after: "CREATE TRIGGER ", atLine: line) {
          let end = (line..<lines.count).first { lines.line($0, startsWith: "END;") } ?? lines.count - 1
          triggers[name] = String(lines.text(from: line, through: end).dropLast())
          line = end + 1
        } else {
          if let name = lines.name(after: "DROP TRIGGER ", atLine: line) { triggers[name] = nil }
          line += 1
        }
      }
      byVersion.append(triggers)
    }
    return byVersion
  }()
}
