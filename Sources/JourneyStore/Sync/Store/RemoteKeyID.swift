/// The key id of the encrypted remote a database syncs with, as it remembers it
/// (`sync_remote.key_id`: the first 8 bytes of the remote's key check value, which every sealed
/// file carries): a remote whose `roadtrip-remote.json` lost its `encryption` member, or got
/// another one, is refused, so that no one who can write to the remote turns it plain (the
/// journeys sent in clear, forged plain files accepted) or swaps its key.
enum RemoteKeyID {
  /// The key id of a remote's `encryption` member; `nil` for a plain remote.
  static func of(_ encryption: SyncEncryption?) -> [UInt8]? {
    encryption.map { Array($0.check.prefix(SealedFile.keyIDCount)) }
  }

  /// Refuses a remote's identity that does not carry the key this database remembers for it (a
  /// remote of another id is not this check's: the sync refuses it as another remote). A
  /// remote this database made and has not published yet (`remote_id` empty) may be another
  /// replica's by the next sync, with another key: it is not checked.
  /// - Throws: `SyncEncryptionError.encryptionRemoved`, `.remoteKeyChanged`.
  static func check(_ identity: RemoteFolder.Identity, in connection: Connection) throws {
    var remembered: [UInt8]?
    try connection.forEachRow(
      "SELECT key_id FROM sync_remote WHERE remote_id = ? AND key_id IS NOT NULL LIMIT 1",
      [.text(identity.id)]
    ) { remembered = $0.blob(at: 0) }
    guard let remembered else { return }
    guard let found = of(identity.encryption) else {
      throw SyncEncryptionError.encryptionRemoved(keyID: hex(remembered))
    }
    guard found == remembered else {
      throw SyncEncryptionError.remoteKeyChanged(keyID: hex(remembered), found: hex(found))
    }
  }

  /// Remembers the key id of the remote the sync uses, in its write transaction.
  static func remember(_ encryption: SyncEncryption?, in connection: Connection) throws {
    let id = of(encryption).map { DatabaseValue.blob($0) } ?? .null
    try connection.run("UPDATE sync_remote SET key_id = ?1 WHERE key_id IS NOT ?1", [id])
  }

  private static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }
}
