import Crypto
import CryptoExtras

/// The keys a secret gives on one remote, derived once per sync (scrypt takes tens of
/// milliseconds by design).
///
/// scrypt turns the secret and the remote's salt into 32 bytes of key material; HKDF-SHA256's
/// expansion (RFC 5869) makes two independent keys of it, each with its own label: the key that
/// seals files, and the key check value the remote keeps. Knowing the check value tells nothing
/// of the file key; it lets a sync tell a wrong secret before it opens any file.
struct SyncKey: Sendable {
  /// The ChaCha20-Poly1305 key that seals and opens files.
  let fileKey: SymmetricKey
  /// The key check value (32 bytes), kept in `roadtrip-remote.json`; its first 8 bytes are the
  /// key id each sealed file carries.
  let check: [UInt8]

  /// Derives the keys.
  /// - Throws: `SyncEncryptionError.cannotDeriveKey` when scrypt fails (its memory).
  init(secret: SyncSecret, cost: Int, blockSize: Int, parallelism: Int, salt: [UInt8])
    throws(SyncEncryptionError)
  {
    let material: SymmetricKey
    do {
      material = try secret.key.withUnsafeBytes { bytes in
        try KDF.Scrypt.deriveKey(
          from: bytes, salt: salt, outputByteCount: 32, rounds: cost, blockSize: blockSize,
          parallelism: parallelism)
      }
    } catch {
      throw .cannotDeriveKey(
        reason: "scrypt with n = \(cost), r = \(blockSize), p = \(parallelism)")
    }
    fileKey = HKDF<SHA256>.expand(
      pseudoRandomKey: material, info: Array(Self.fileKeyLabel.utf8), outputByteCount: 32)
    let check = HKDF<SHA256>.expand(
      pseudoRandomKey: material, info: Array(Self.checkLabel.utf8),
      outputByteCount: Self.checkCount)
    self.check = check.withUnsafeBytes { Array($0) }
  }
}

extension SyncKey {
  /// HKDF's label for the file key.
  static let fileKeyLabel = "roadtrip sync file key"
  /// HKDF's label for the key check value.
  static let checkLabel = "roadtrip sync key check"
  /// The key check value's length.
  static let checkCount = 32

  /// The keys for a remote's parameters.
  init(secret: SyncSecret, encryption: SyncEncryption) throws(SyncEncryptionError) {
    try self.init(
      secret: secret, cost: encryption.cost, blockSize: encryption.blockSize,
      parallelism: encryption.parallelism, salt: encryption.salt)
  }
}
