/// The files this replica wrote, as `sync_sent` records them: each file's seq, the local batches
/// it carries, the digest and size of its bytes before sealing, and those bytes until the remote
/// is seen to hold it (`pending`). A sync's SQL on the table, in one place.
struct SentFiles {
  let connection: Connection

  /// A file this replica wrote, as recorded.
  struct File {
    let seq: Int64
    /// The digest of its bytes before sealing (`FileDigest`).
    let digest: [UInt8]
    /// Whether its bytes are kept: the remote is not seen to hold it yet.
    let isPending: Bool
    /// The size of its bytes before sealing; `nil` for a file written before schema version 11.
    let size: Int?
  }

  /// Every file recorded, by seq (their bytes not read).
  func all() throws -> [Int64: File] {
    var files: [Int64: File] = [:]
    try connection.forEachRow(
      "SELECT seq, digest, pending IS NOT NULL, size FROM sync_sent"
    ) { row in
      let seq = row.integer(at: 0)
      files[seq] = File(
        seq: seq, digest: row.blob(at: 1), isPending: row.integer(at: 2) != 0,
        size: row.value(at: 3).integer.map(Int.init))
    }
    return files
  }

  /// The files after `seq`, in order, with their bytes while they are pending.
  func files(after seq: Int64) throws -> [(seq: Int64, digest: [UInt8], pending: [UInt8]?)] {
    var files: [(seq: Int64, digest: [UInt8], pending: [UInt8]?)] = []
    try connection.forEachRow(
      "SELECT seq, digest, pending FROM sync_sent WHERE seq > ? ORDER BY seq", [.integer(seq)]
    ) {
      files.append(($0.integer(at: 0), $0.blob(at: 1), $0.value(at: 2) == .null ? nil : $0.blob(at: 2)))
    }
    return files
  }

  /// The files the remote is not seen to hold yet, in order, with their bytes.
  func pending() throws -> [(seq: Int64, bytes: [UInt8])] {
    var pending: [(seq: Int64, bytes: [UInt8])] = []
    try connection.forEachRow(
      "SELECT seq, pending FROM sync_sent WHERE pending IS NOT NULL ORDER BY seq"
    ) { row in
      pending.append((row.integer(at: 0), row.blob(at: 1)))
    }
    return pending
  }

  /// Records file `seq`, its bytes `bytes` (before sealing) pending, carrying the local batches
  /// from `firstBatch` to `lastBatch` (0 for a file written again under a new id).
  func record(seq: Int64, bytes: [UInt8], firstBatch: Int64 = 0, lastBatch: Int64 = 0) throws {
    try connection.run(
      """
      INSERT INTO sync_sent (seq, first_batch, last_batch, digest, pending, size)
      VALUES (?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(seq), .integer(firstBatch), .integer(lastBatch), .blob(FileDigest.of(bytes)),
        .blob(bytes), .integer(Int64(bytes.count)),
      ])
  }

  /// Records new bytes for file `seq` (a lost file made again), pending.
  func replace(seq: Int64, with bytes: [UInt8]) throws {
    try connection.run(
      "UPDATE sync_sent SET digest = ?, pending = ?, size = ? WHERE seq = ?",
      [.blob(FileDigest.of(bytes)), .blob(bytes), .integer(Int64(bytes.count)), .integer(seq)])
  }

  /// Records the size of file `seq`'s bytes, for a file written before schema version 11.
  func recordSize(_ size: Int, of seq: Int64) throws {
    try connection.run(
      "UPDATE sync_sent SET size = ? WHERE seq = ?", [.integer(Int64(size)), .integer(seq)])
  }

  /// Records that the remote holds the files `seqs`: their bytes are dropped.
  func confirm(_ seqs: [Int64]) throws {
    for seq in seqs {
      try connection.run("UPDATE sync_sent SET pending = NULL WHERE seq = ?", [.integer(seq)])
    }
  }

  /// Forgets the files the remote was seen to hold (a move to a new remote: a snapshot holds
  /// them there), keeping those never published.
  func forgetPublished() throws {
    try connection.run("DELETE FROM sync_sent WHERE pending IS NULL")
  }

  /// Forgets every file (a replica that takes a new id writes its files again).
  func removeAll() throws {
    try connection.run("DELETE FROM sync_sent")
  }
}
