/// A change file as a sync receives it (`SyncSession`), decoded once, where it enters, and
/// checked there before anything of it is merged: its header, whose clocks and version vector
/// must be ones the remote can hold (`ReceivedBounds`), and each batch's changes, one typed
/// change per journey (`ReceivedChange`: every journey named by an id that is a lowercase UUID,
/// every value one this roadtrip stores, or held back).
///
/// The changes are held as compact values (no array nor `String` of their own but long texts),
/// in the order of the file; the merge takes them in the order of their journeys.
struct ReceivedChangeFile {
  let header: ChangeFile.Header
  /// Every change, in the order of the file.
  let changes: [ReceivedChange]
  /// Where each batch's changes end in `changes`, in the order of `header.batches`.
  let batchEnds: [Int]

  /// Reads a file's bytes, checking that it is the file of `replica` and `seq` its name says,
  /// that every batch is a changeset of the journey table, that every change names a journey by
  /// an id that is a lowercase UUID, and that its clocks and version vector are within
  /// `bounds` (`seen`: what this replica applied or wrote).
  /// - Throws: `ChangeFileError.malformed`, for the first batch that is no changeset, else for
  ///   an id that is not a lowercase UUID, else for a vector or a clock out of bounds.
  init(
    decoding bytes: [UInt8], replica: String, seq: Int64, within bounds: ReceivedBounds,
    seen: [String: Int64]
  ) throws {
    let (header, bodies) = try ChangeFile.batches(decoding: bytes, replica: replica, seq: seq)
    // Every batch's layout is checked before any id is: a damaged batch is refused as
    // `ChangeFile` refuses it, whatever comes before it.
    let keyed = try bodies.map { try ChangeFileBody.keyed($0) }
    var changes: [ReceivedChange] = []
    changes.reserveCapacity(keyed.reduce(0) { $0 + $1.keys.count })
    var batchEnds: [Int] = []
    batchEnds.reserveCapacity(keyed.count)
    for (batch, keys, offsets) in keyed {
      for (key, offset) in zip(keys, offsets) {
        guard let key else {
          throw ChangeFileError.malformed(
            "a change names a journey whose id is not a lowercase UUID")
        }
        // The merge reads an update's new values only.
        let row = try ChangeFileBody.checked {
          try batch.change(at: Int(offset), of: .journey, oldValuesOfUpdates: false)
        }
        changes.append(ReceivedChange(journey: key, row))
      }
      batchEnds.append(changes.count)
    }
    try bounds.check(vector: header.vector, seen: seen, writer: replica, seq: seq)
    for batch in header.batches { try bounds.check(clock: batch.hlc, writtenBy: replica) }
    self.header = header
    self.changes = changes
    self.batchEnds = batchEnds
  }
}
