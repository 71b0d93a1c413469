/// The encoding of one batch's row changes in a change file: one SQLite changeset of the journey
/// table (the session extension's format, `Changeset`), so that SQLite's own tools read, invert
/// and apply it. Several changes of one journey in a batch combine as a session records them.
enum ChangeFileBody {
  static func encode(_ changes: [RowChange]) throws -> [UInt8] {
    try Changeset(table: .journey, changes: changes).bytes
  }

  /// - Throws: `ChangeFileError.malformed` when the bytes are not a changeset of the journey
  ///   table.
  static func decode(_ bytes: ArraySlice<UInt8>) throws -> [RowChange] {
    guard !bytes.isEmpty else { return [] }
    return try checked { try Changeset(bytes: Array(bytes)).changes(of: .journey) }
  }

  /// The changeset of a batch's bytes, unread, after its layout is checked, and the journey
  /// each of its changes names, in order: its id's bits (`nil` for an id that is not a
  /// lowercase UUID text), read where they lie, and where the change starts in the bytes (for
  /// `Changeset.change(at:of:oldValuesOfUpdates:)`).
  /// - Throws: `ChangeFileError.malformed` as `decode` does.
  static func keyed(_ bytes: ArraySlice<UInt8>) throws
    -> (changes: Changeset, keys: [JourneyKey?], offsets: [Int32])
  {
    let changes = Changeset(bytes: Array(bytes))
    var keys: [JourneyKey?] = []
    var offsets: [Int32] = []
    guard !bytes.isEmpty else { return (changes, keys, offsets) }
    try checked {
      try changes.forEachKeyText(of: .journey) { offset, text in
        keys.append(
          text.flatMap { JourneyKey(lowercasedText: $0.assumingMemoryBound(to: UInt8.self)) })
        // A changeset's bytes fit in an Int32: SQLite takes no more (`Changeset`).
        offsets.append(Int32(offset))
      }
    }
    return (changes, keys, offsets)
  }

  /// What `body` reads, its errors as a file's.
  static func checked<Result>(_ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch {
      throw ChangeFileError.malformed("a batch is not a changeset of the journey table (\(error))")
    }
  }
}
