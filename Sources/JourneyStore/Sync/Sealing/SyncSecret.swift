import Crypto

/// The secret a sync derives an encrypted remote's key from: the bytes of a file
/// (`--secret-file FILE`) or of `ROADTRIP_SYNC_SECRET`, one trailing newline dropped.
///
/// Its bytes are held in memory that is zeroed when it is released, and are shown by nothing:
/// `description`, `debugDescription` and `dump` say `SyncSecret(redacted)`, and no error holds
/// them. Scripts give the secret in the environment, never as an argument, which every user of
/// the machine can read in the process list.
public struct SyncSecret: Sendable {
  /// The secret's bytes, in memory that is zeroed when released.
  let key: SymmetricKey
  /// A warning for standard error when the secret file is not the user's alone (as ssh warns of
  /// a private key whose permissions are too open), or `nil`. It names the file and its mode.
  public let permissionWarning: String?

  init(bytes: ArraySlice<UInt8>, source: String, permissionWarning: String? = nil)
    throws(SyncEncryptionError)
  {
    var bytes = bytes
    if bytes.last == UInt8(ascii: "\n") {
      bytes = bytes.dropLast()
      if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
    }
    guard !bytes.isEmpty else { throw .emptySecret(source: source) }
    guard bytes.count <= Self.maximumByteCount else { throw .secretTooLong(source: source) }
    key = SymmetricKey(data: bytes)
    self.permissionWarning = permissionWarning
  }
}
