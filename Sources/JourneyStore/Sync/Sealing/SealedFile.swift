/// The layout of a sealed file: a header that tells it from a plain file by its first bytes, then
/// ChaCha20-Poly1305's nonce, ciphertext and tag.
///
/// ```
/// offset  bytes  what
///      0      6  magic "RTSEAL"
///      6      1  format version (1)
///      7      8  key id: the first 8 bytes of the remote's key check value
///     15     12  nonce, random for each file
///     27      n  ciphertext of the file's n bytes
///   27+n     16  Poly1305 tag
/// ```
///
/// The authenticated data is the header (bytes 0 to 14) followed by the file's name in UTF-8:
/// changing the version or key id, or moving the file to another name, fails authentication.
enum SealedFile {
  static let magic: [UInt8] = Array("RTSEAL".utf8)
  static let formatVersion: UInt8 = 1
  static let keyIDCount = 8
  static let headerCount = magic.count + 1 + keyIDCount
  static let nonceCount = 12
  static let tagCount = 16
  /// The bytes sealing adds to a file: 43.
  static let overhead = headerCount + nonceCount + tagCount

  /// What a file's first bytes say it is.
  enum Kind {
    /// Not a sealed file: its first bytes are not the magic.
    case plain
    /// A sealed file cut short: too short to hold a header, nonce and tag (or a part of the
    /// magic alone, the empty file included).
    case truncated
    /// Sealed in a format version this roadtrip does not know.
    case unknownVersion(UInt8)
    /// Sealed in format version 1 with this key id.
    case sealed(keyID: ArraySlice<UInt8>)
  }

  /// What `bytes` are, read from their first bytes.
  static func kind(of bytes: [UInt8]) -> Kind {
    guard bytes.starts(with: magic) else {
      return magic.starts(with: bytes) ? .truncated : .plain
    }
    guard bytes.count > magic.count else { return .truncated }
    let version = bytes[magic.count]
    guard version == formatVersion else { return .unknownVersion(version) }
    guard bytes.count >= overhead else { return .truncated }
    return .sealed(keyID: bytes[(magic.count + 1)..<headerCount])
  }

  /// The header of a file sealed with the key whose check value is `check`.
  static func header(check: [UInt8]) -> [UInt8] {
    magic + [formatVersion] + check.prefix(keyIDCount)
  }

  /// The authenticated data of a file with this header and name.
  static func authenticatedData(header: ArraySlice<UInt8>, name: String) -> [UInt8] {
    Array(header) + Array(name.utf8)
  }
}
