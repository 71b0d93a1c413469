/// What every change file's bytes go through on their way to the remote and back: the one seam
/// where encryption (SYNC.md, "Encryption") seals them, with the file's name as authenticated
/// data so that a file cannot take another's place.
protocol SyncFileSealing: Sendable {
  /// The bytes to write for a file named `name` (its path inside the remote).
  func seal(_ bytes: [UInt8], name: String) throws -> [UInt8]
  /// The bytes a file named `name` held before it was sealed.
  /// - Throws: When they do not open (tampered with, sealed with another key).
  func open(_ bytes: [UInt8], name: String) throws -> [UInt8]
}

