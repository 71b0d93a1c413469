/// An encrypted remote's parameters, as `roadtrip-remote.json`'s `encryption` member holds them:
/// how the key is derived from the secret (scrypt, its costs, the remote's random salt) and the
/// key check value that tells a wrong secret from a damaged file. Nothing of it reveals the key.
///
/// ```json
/// {"kdf": "scrypt", "n": 32768, "r": 8, "p": 1, "salt": "…base64…", "check": "…base64…"}
/// ```
struct SyncEncryption: Equatable, Sendable {
  /// scrypt's CPU and memory cost `N`, a power of two.
  let cost: Int
  /// scrypt's block size `r`.
  let blockSize: Int
  /// scrypt's parallelism `p`.
  let parallelism: Int
  /// The remote's random salt.
  let salt: [UInt8]
  /// The key check value: `SyncKey.check` of the key derived from the remote's secret.
  let check: [UInt8]

  /// Parameters read from a remote, checked.
  /// - Throws: `SyncEncryptionError.unsupportedEncryption` for values this roadtrip does not use
  ///   (a remote's file is data anyone with write access could change: a cost past the limits
  ///   would take the memory or the time of the machine).
  init(cost: Int, blockSize: Int, parallelism: Int, salt: [UInt8], check: [UInt8])
    throws(SyncEncryptionError)
  {
    self.cost = cost
    self.blockSize = blockSize
    self.parallelism = parallelism
    self.salt = salt
    self.check = check
    if let problem = problem {
      throw .unsupportedEncryption(reason: problem)
    }
  }
}
