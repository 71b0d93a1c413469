extension SyncEncryptionError: CustomStringConvertible {
  /// What went wrong and what to do, without roadtrip's `error:` prefix; what came from the
  /// remote in it (a file's name, a key derivation's) with its control characters escaped.
  public var description: String { unescaped.escapingControlCharacters }

  private var unescaped: String {
    let give = "--secret-file FILE or \(SyncSecret.environmentVariable)"
    switch self {
    case .secretMissing(nil):
      return "the remote is encrypted: give its secret with \(give)"
    case .secretMissing(let file?):
      return "the remote is encrypted (\(file) is sealed): give its secret with \(give)"
    case .secretNotUsed:
      return "the remote is not encrypted: it was started without a secret; sync it without "
        + "\(give), or start an encrypted remote in a new place"
    case .emptySecret(let source):
      return "\(source) is empty: a secret needs at least one byte (a trailing newline does not "
        + "count)"
    case .secretTooLong(let source):
      return "\(source) holds more than \(SyncSecret.maximumByteCount) bytes, more than any "
        + "passphrase or key: check that it is the right file"
    case .unreadableSecret(let path, let reason):
      return "cannot read the secret file \(path): \(reason)"
    case .anotherSecret(let file):
      return "\(file) was written with another secret: check --secret-file or "
        + SyncSecret.environmentVariable
    case .anotherRemotesFile(let file):
      return "\(file) is another remote's file: it was sealed with another key than this "
        + "remote's (its key id differs: another remote's salt, or another secret); nothing of it "
        + "was applied; remove it from the remote"
    case .encryptionRemoved(let keyID):
      return "roadtrip-remote.json says the remote is not encrypted, but this database synced with "
        + "it encrypted (key id \(keyID)): its encryption member was removed; nothing was read or "
        + "sent; put roadtrip-remote.json back as it was (another replica's copy of the remote, or a "
        + "backup, has it)"
    case .remoteKeyChanged(let keyID, let found):
      return "roadtrip-remote.json gives the remote another key (key id \(found)) than the one this "
        + "database synced with (key id \(keyID)): its encryption member was replaced; nothing was "
        + "read or sent; put roadtrip-remote.json back as it was (another replica's copy of the "
        + "remote, or a backup, has it)"
    case .failedAuthentication(let file):
      return "\(file) failed authentication: it was changed or damaged; nothing of it was applied"
    case .plainFileOnEncryptedRemote(let file):
      return "\(file) is not sealed, but the remote is encrypted: it is refused, since anyone who "
        + "can write to the remote could have put it there; nothing of it was applied"
    case .unknownFormatVersion(let file, let version):
      return "\(file) is sealed in format version \(version), which this roadtrip does not know: "
        + "update roadtrip; nothing of it was applied"
    case .unsupportedEncryption(let reason):
      return "the remote's encryption (roadtrip-remote.json) \(reason): update roadtrip, or check "
        + "that no one changed that file"
    case .cannotDeriveKey(let reason):
      return "cannot derive the key from the secret (\(reason)); close other programs and try "
        + "again"
    }
  }
}
