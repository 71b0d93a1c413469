import Crypto

/// Seals the files of an encrypted remote with ChaCha20-Poly1305 (SYNC.md, "Encryption"), and
/// opens them, refusing every file that this secret did not seal under this name.
///
/// Made once per sync: making it derives the key with scrypt.
struct SyncCipher: Sendable {
  /// The remote's parameters, for `roadtrip-remote.json`'s `encryption` member.
  let encryption: SyncEncryption
  /// The key that seals and opens files.
  let fileKey: SymmetricKey

  /// The cipher of an existing encrypted remote.
  /// - Throws: `SyncEncryptionError.anotherSecret` (naming `roadtrip-remote.json`) when the
  ///   secret does not give the remote's key check value; `.cannotDeriveKey`.
  init(secret: SyncSecret, encryption: SyncEncryption) throws(SyncEncryptionError) {
    let key = try SyncKey(secret: secret, encryption: encryption)
    guard key.check == encryption.check else {
      throw .anotherSecret(file: Self.remoteFileName)
    }
    self.encryption = encryption
    fileKey = key.fileKey
  }

  /// The cipher of a new encrypted remote: a random salt, the parameters of a new remote, and
  /// the key check value of this secret.
  /// - Throws: `SyncEncryptionError.cannotDeriveKey`.
  init(newRemoteWith secret: SyncSecret) throws(SyncEncryptionError) {
    let salt = SymmetricKey(size: SymmetricKeySize(bitCount: SyncEncryption.newSaltCount * 8))
      .withUnsafeBytes { Array($0) }
    let key = try SyncKey(
      secret: secret, cost: SyncEncryption.newCost, blockSize: SyncEncryption.newBlockSize,
      parallelism: SyncEncryption.newParallelism, salt: salt)
    encryption = try SyncEncryption(
      cost: SyncEncryption.newCost, blockSize: SyncEncryption.newBlockSize,
      parallelism: SyncEncryption.newParallelism, salt: salt, check: key.check)
    fileKey = key.fileKey
  }
}

extension SyncCipher {
  /// The name of the remote's description, which holds the encryption's parameters.
  static let remoteFileName = "roadtrip-remote.json"
}
