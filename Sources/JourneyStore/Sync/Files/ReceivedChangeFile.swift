/// A change file as a sync receives it (`SyncSession`): its header, each batch's changeset
/// checked and kept as its bytes, and the bits of the id each change names. The changes are read
/// as values only when they are merged (`Changeset.change(at:of:oldValuesOfUpdates:)`, where
/// `places` says each is), one at a time: a sync receiving 100,000 journeys held every file's
/// changes as values (`ChangeFile.bodies`: arrays, and a `String` for every id and text) from
/// reading the files to the end of the merge, and freed them after (BENCHMARKS.md, P12).
struct ReceivedChangeFile {
  let header: ChangeFile.Header
  /// Each batch's changes, in the order of `header.batches`.
  let batches: [Changeset]
  /// The bits of the id each change names, in the order of the changes.
  let keys: [JourneyKey]
  /// Where each change is, in the order of the changes: its batch (in `batches`) and where it
  /// starts in its bytes (`Changeset.change(at:of:oldValuesOfUpdates:)` reads it there).
  let places: [(batch: Int32, offset: Int32)]

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
    var places: [(batch: Int32, offset: Int32)] = []
    for body in bodies {
      let (changes, batchKeys, offsets) = try ChangeFileBody.keyed(body)
      let batch = Int32(batches.count)
      batches.append(changes)
      keys += batchKeys
      places += offsets.lazy.map { (batch, $0) }
    }
    self.header = header
    self.batches = batches
    self.places = places
    self.keys = try keys.map { key in
      guard let key else {
        throw ChangeFileError.malformed(
          "a change names a journey whose id is not a lowercase UUID")
      }
      return key
    }
  }
}
