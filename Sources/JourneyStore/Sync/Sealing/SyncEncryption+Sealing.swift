extension SyncEncryption {
  /// What seals and opens the files of a remote, from its `encryption` member and the secret
  /// given (derives the key when both are there: once per sync).
  /// - Parameters:
  ///   - encryption: The remote's `encryption` member; `nil` for a plain remote.
  ///   - secret: The secret given with `--secret-file` or `ROADTRIP_SYNC_SECRET`, or `nil`.
  /// - Throws: `SyncEncryptionError.secretMissing` for an encrypted remote without a secret;
  ///   `.secretNotUsed` for a secret given to a plain remote (a secret given is never ignored:
  ///   the user expects the files to be sealed); `SyncCipher.init`'s errors.
  static func sealing(for encryption: SyncEncryption?, secret: SyncSecret?) throws(
    SyncEncryptionError
  ) -> any SyncFileSealing {
    switch (encryption, secret) {
    case (nil, nil):
      return PlainFiles()
    case (nil, _?):
      throw .secretNotUsed
    case (_?, nil):
      throw .secretMissing(file: nil)
    case (let encryption?, let secret?):
      return try SyncCipher(secret: secret, encryption: encryption)
    }
  }
}
