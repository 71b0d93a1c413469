/// A replica whose files this replica holds back (SYNC.md, "Lost and damaged files"): the file
/// it waits for, which is refused or not on the remote, or which waits for another replica's,
/// and why. Nothing of that file and of its replica's later files is applied until its writer
/// sends it again (its next sync does, when it finds it damaged or missing).
public struct HeldBackReplica: Equatable, Sendable {
  /// The replica's id.
  public var replica: String
  /// The file it waits for, by path inside the remote.
  public var file: String
  /// Why.
  public var reason: String
}

extension HeldBackReplica {
  /// Why a file not on the remote holds its replica back.
  static let missing =
    "it is not on the remote: its writer's next sync sends it again, if the writer still has it"

  /// The replicas held back, as the last sync recorded them (`sync_held`), by replica id.
  static func recorded(in connection: Connection) throws -> [HeldBackReplica] {
    var held: [HeldBackReplica] = []
    try connection.forEachRow("SELECT replica, file, reason FROM sync_held ORDER BY replica") {
      held.append(HeldBackReplica(replica: $0.text(at: 0), file: $0.text(at: 1), reason: $0.text(at: 2)))
    }
    return held
  }

  /// Records the replicas a sync holds back in place of those recorded, writing only when they
  /// changed (a sync with nothing new writes nothing).
  static func record(_ held: [HeldBackReplica], in connection: Connection) throws {
    let sorted = held.sorted { $0.replica < $1.replica }
    guard try recorded(in: connection) != sorted else { return }
    try connection.run("DELETE FROM sync_held")
    for replica in sorted {
      try connection.run(
        "INSERT OR REPLACE INTO sync_held (replica, file, reason) VALUES (?, ?, ?)",
        [.text(replica.replica), .text(replica.file), .text(replica.reason)])
    }
  }
}

extension HeldBackReplica {
  /// The replicas whose next file waits, once a sync applied what it could, for a file of
  /// another replica that its vector names and that is not applied here.
  /// - Parameters:
  ///   - waiting: The seqs of each replica's files not applied, in order.
  ///   - decoded: The files read and not applied, by path inside the remote.
  static func waiting(
    _ waiting: [String: [Int64]], decoded: [String: ReceivedChangeFile], seen: [String: Int64]
  ) -> [HeldBackReplica] {
    waiting.keys.sorted().compactMap { replica in
      guard let seq = waiting[replica]?.first else { return nil }
      let name = ChangeFile.name(replica: replica, seq: seq)
      guard let file = decoded[name],
        let (other, needed) = file.header.vector.sorted(by: { $0.key < $1.key }).first(where: {
          $0.key != replica && (seen[$0.key] ?? 0) < $0.value
        })
      else { return nil }
      return HeldBackReplica(
        replica: replica, file: name,
        reason: "it waits for \(ChangeFile.name(replica: other, seq: needed)), not applied here")
    }
  }
}
