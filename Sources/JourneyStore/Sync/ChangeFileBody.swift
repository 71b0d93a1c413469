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
    do {
      return try Changeset(bytes: Array(bytes)).changes(of: .journey)
    } catch {
      throw ChangeFileError.malformed("a batch is not a changeset of the journey table (\(error))")
    }
  }
}
