#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// This replica's sync state, read and written inside the sync's transaction: its id, its
/// clock, how far its batches were sent, and the version vector (`sync_seen`).
struct ReplicaState {
  let connection: Connection
  /// This replica's id.
  private(set) var id: String
  /// The largest clock given or received here.
  var lastHLC: Int64
  /// The newest batch whose changes were stamped and put in a file (or had none to send).
  var sentBatch: Int64
  /// Each known replica's newest file applied here.
  private(set) var seen: [String: Int64] = [:]
  /// Each known replica's number in `sync_register`, and back.
  private(set) var numbers: [String: Int64] = [:]
  private(set) var replicas: [Int64: String] = [:]
  /// Whether this sync made the replica (its first sync).
  let isNew: Bool

  /// The state as the file holds it, or `nil` for a database that never synced.
  static func existing(in connection: Connection) throws -> ReplicaState? {
    var row: (String, Int64, Int64)?
    try connection.forEachRow("SELECT id, last_hlc, sent_batch FROM sync_replica LIMIT 1") {
      row = ($0.text(at: 0), $0.integer(at: 1), $0.integer(at: 2))
    }
    guard let (id, lastHLC, sentBatch) = row else { return nil }
    var state = ReplicaState(
      connection: connection, id: id, lastHLC: lastHLC, sentBatch: sentBatch, isNew: false)
    try state.readSeen()
    return state
  }

  /// The state, made with a new replica id at the first sync.
  static func loadOrCreate(in connection: Connection) throws -> ReplicaState {
    if let state = try existing(in: connection) { return state }
    let id = UUID().lowercasedText
    try connection.run(
      "INSERT INTO sync_replica (id, created, last_hlc, sent_batch) VALUES (?, ?, 0, 0)",
      [.text(id), .real(Date().timeIntervalSinceReferenceDate)])
    var state = ReplicaState(connection: connection, id: id, lastHLC: 0, sentBatch: 0, isNew: true)
    _ = try state.number(of: id)
    return state
  }

  private init(connection: Connection, id: String, lastHLC: Int64, sentBatch: Int64, isNew: Bool) {
    self.connection = connection
    self.id = id
    self.lastHLC = lastHLC
    self.sentBatch = sentBatch
    self.isNew = isNew
  }

  private mutating func readSeen() throws {
    try connection.forEachRow("SELECT n, replica, seq FROM sync_seen") { row in
      let replica = row.text(at: 1)
      numbers[replica] = row.integer(at: 0)
      replicas[row.integer(at: 0)] = replica
      seen[replica] = row.integer(at: 2)
    }
  }

  /// This replica's number for `replica`, given at first sight.
  mutating func number(of replica: String) throws -> Int64 {
    if let number = numbers[replica] { return number }
    try connection.run("INSERT INTO sync_seen (replica, seq) VALUES (?, 0)", [.text(replica)])
    let number = connection.lastInsertedRowID
    numbers[replica] = number
    replicas[number] = replica
    seen[replica] = 0
    return number
  }

  /// Notes that `replica`'s file `seq` is applied (or written, for this replica's own).
  mutating func markSeen(_ replica: String, seq: Int64) throws {
    _ = try number(of: replica)
    seen[replica] = seq
    try connection.run(
      "UPDATE sync_seen SET seq = ? WHERE replica = ?", [.integer(seq), .text(replica)])
  }

  /// Takes a new replica id (a copy of this database wrote under the old one).
  mutating func renew() throws -> String {
    let old = id
    id = UUID().lowercasedText
    try connection.run("UPDATE sync_replica SET id = ?", [.text(id)])
    _ = try number(of: id)
    return old
  }

  /// Writes the clock and the sent position, when they changed.
  func save() throws {
    try connection.run(
      "UPDATE sync_replica SET last_hlc = ?1, sent_batch = ?2 WHERE last_hlc IS NOT ?1 OR sent_batch IS NOT ?2",
      [.integer(lastHLC), .integer(sentBatch)])
  }
}
