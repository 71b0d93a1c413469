/// Why a sync could not seal or open a file, or could not use the secret it was given.
///
/// No case holds the secret or anything derived from it: a description names a file and says
/// what to do. roadtrip's exit code for each case is in its comment (CLI.md's contract).
public enum SyncEncryptionError: Error, Equatable, Sendable {
  /// The remote is encrypted and no secret was given; `file` is the sealed file that showed it,
  /// when one did. Exit code 64.
  case secretMissing(file: String?)
  /// A secret was given, but the remote was started without one: its files are plain. Exit 64.
  case secretNotUsed
  /// The secret from `source` (`the secret file PATH` or `ROADTRIP_SYNC_SECRET`) is empty once
  /// its trailing newline is dropped. Exit code 64.
  case emptySecret(source: String)
  /// The secret file holds more than `SyncSecret.maximumByteCount` bytes: no passphrase or key
  /// is that long, so it is likely the wrong file. Exit code 64.
  case secretTooLong(source: String)
  /// The secret file could not be opened or read, for `reason`. Exit code 66, as for an input
  /// file of `import`.
  case unreadableSecret(path: String, reason: String)
  /// `file` was sealed with a key that the secret given does not derive (the remote's
  /// `roadtrip-remote.json` when its key check value does not match). Exit code 65.
  case anotherSecret(file: String)
  /// `file` was sealed with another key than the remote's (its key id is not the remote's):
  /// another remote's file (a remote's key comes from its own random salt, so the same secret
  /// gives each remote another key), or one sealed with another secret. Exit code 65.
  case anotherRemotesFile(file: String)
  /// The remote's `roadtrip-remote.json` has no `encryption` member, but this database synced
  /// with it encrypted, under the key whose id is `keyID` (hex): the member was removed, and the
  /// remote is refused rather than read as a plain one. Exit code 65.
  case encryptionRemoved(keyID: String)
  /// The remote's `roadtrip-remote.json` gives a key whose id is `found` (hex), not the key `keyID`
  /// this database synced with: its `encryption` member was replaced. Exit code 65.
  case remoteKeyChanged(keyID: String, found: String)
  /// `file` carries this secret's key but does not open with it: its bytes or its name were
  /// changed, or it was cut short. Nothing of it is used. Exit code 65.
  case failedAuthentication(file: String)
  /// `file` is plain on an encrypted remote: anyone who can write to the remote could have put it
  /// there, so it is refused. Exit code 65.
  case plainFileOnEncryptedRemote(file: String)
  /// `file` is sealed in a format version this roadtrip does not know. Exit code 65.
  case unknownFormatVersion(file: String, version: UInt8)
  /// The remote's `encryption` parameters are not ones this roadtrip uses, for `reason`.
  /// Exit code 65.
  case unsupportedEncryption(reason: String)
  /// scrypt failed (it could not have its memory), for `reason`. Exit code 1.
  case cannotDeriveKey(reason: String)
}
