/// The files of a remote without a secret: written and read as they are.
///
/// A sealed file is refused: the remote is encrypted, and its secret was not given.
struct PlainFiles {}

extension PlainFiles: SyncFileSealing {
  /// The bytes as they are.
  func seal(_ bytes: [UInt8], name: String) throws -> [UInt8] {
    bytes
  }

  /// The bytes as they are.
  /// - Throws: `SyncEncryptionError.secretMissing` naming `name` when they are sealed.
  func open(_ bytes: [UInt8], name: String) throws -> [UInt8] {
    guard !bytes.starts(with: SealedFile.magic) else {
      throw SyncEncryptionError.secretMissing(file: name)
    }
    return bytes
  }
}
