/// A change file as a sync receives it (`SyncSession`): its header, each batch's changeset
/// checked and kept as its bytes, and the bits of the id each change names. The changes are read
/// as values only when they are merged (`Changeset.forEachChange`), one at a time: a sync receiving
/// 100,000 journeys held every file's changes as values (`ChangeFile.bodies`: arrays, and a
/// `String` for every id and text) from reading the files to the end of the merge, and freed
/// them after (BENCHMARKS.md, P12).
struct ReceivedChangeFile {
  let header: ChangeFile.Header
  /// Each batch's changes, in the order of `header.batches`.
  let batches: [Changeset]
  /// The bits of the id each change names, in the order of the changes.
  let keys: [JourneyKey]

  /// Reads a file's bytes, checking that it is the file of `replica` and `seq` its name says,
  /// that every batch is a changeset of the journey table, and that every change names a
  /// journey by an id that is a lowercase UUID.
  /// - Throws: `ChangeFileError.malformed`, for the first batch that is no changeset, else for
  ///   an id that is not a lowercase UUID.
  init(decoding bytes: [UInt8], replica: String, seq: Int64) throws {
    let (header, bodies) = try ChangeFile.batches(decoding: bytes, replica: replica, seq: seq)
    var batches: [Changeset] = []
    batches.reserveCapacity(bodies.count)
    var keys: [JourneyKey?] = []
    for body in bodies {
      let (changes, batchKeys) = try ChangeFileBody.keyed(body)
      batches.append(changes)
      keys += batchKeys
    }
    self.header = header
    self.batches = batches
    self.keys = try keys.map { key in
      guard let key else {
        throw ChangeFileError.malformed(
          "a change names a journey whose id is not a lowercase UUID")
      }
      return key
    }
  }
}
