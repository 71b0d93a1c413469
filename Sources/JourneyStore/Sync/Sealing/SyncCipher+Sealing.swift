import Crypto

extension SyncCipher: SyncFileSealing {
  /// Seals a file's bytes under its name, with a nonce of its own.
  /// - Parameters:
  ///   - bytes: The file's plain bytes.
  ///   - name: The file's name on the remote (its path from the remote's root, such as
  ///     `replicas/<replica>/000000042.rtc`): only under this name does it open.
  /// - Returns: `SealedFile`'s layout: 43 bytes more than `bytes`.
  func seal(_ bytes: [UInt8], name: String) throws -> [UInt8] {
    let header = SealedFile.header(check: encryption.check)
    let box = try ChaChaPoly.seal(
      bytes, using: fileKey, nonce: ChaChaPoly.Nonce(),
      authenticating: SealedFile.authenticatedData(header: header[...], name: name))
    var sealed = header
    sealed.reserveCapacity(header.count + box.combined.count)
    sealed.append(contentsOf: box.combined)
    return sealed
  }

  /// Opens a file sealed under `name` with this remote's key.
  /// - Throws: `SyncEncryptionError`: `.plainFileOnEncryptedRemote`, `.unknownFormatVersion`,
  ///   `.anotherRemotesFile` (another key id), `.failedAuthentication` (cut short, or any byte or the
  ///   name changed), each naming `name`.
  func open(_ bytes: [UInt8], name: String) throws -> [UInt8] {
    switch SealedFile.kind(of: bytes) {
    case .plain:
      throw SyncEncryptionError.plainFileOnEncryptedRemote(file: name)
    case .truncated:
      throw SyncEncryptionError.failedAuthentication(file: name)
    case .unknownVersion(let version):
      throw SyncEncryptionError.unknownFormatVersion(file: name, version: version)
    case .sealed(let keyID):
      guard keyID.elementsEqual(encryption.check.prefix(SealedFile.keyIDCount)) else {
        throw SyncEncryptionError.anotherRemotesFile(file: name)
      }
      let header = bytes[..<SealedFile.headerCount]
      do {
        let box = try ChaChaPoly.SealedBox(combined: bytes[SealedFile.headerCount...])
        return Array(
          try ChaChaPoly.open(
            box, using: fileKey,
            authenticating: SealedFile.authenticatedData(header: header, name: name)))
      } catch {
        throw SyncEncryptionError.failedAuthentication(file: name)
      }
    }
  }
}
