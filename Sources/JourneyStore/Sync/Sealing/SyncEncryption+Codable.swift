#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SyncEncryption: Codable {
  private enum CodingKeys: String, CodingKey {
    case kdf, n, r, p, salt, check
  }

  /// Reads `roadtrip-remote.json`'s `encryption` member.
  /// - Throws: `SyncEncryptionError.unsupportedEncryption` for a key derivation other than
  ///   scrypt, a salt or check that is not base64, or parameters past the limits; a
  ///   `DecodingError` for a member missing or of the wrong type.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kdf = try container.decode(String.self, forKey: .kdf)
    guard kdf == Self.scrypt else {
      // Written by whoever can write to the remote: shown as printable ASCII only, never as
      // control sequences for the terminal.
      let shown = String(
        kdf.unicodeScalars.prefix(40).map {
          (0x20..<0x7f).contains($0.value) ? Character($0) : "?"
        })
      throw SyncEncryptionError.unsupportedEncryption(
        reason: "names the key derivation '\(shown)', which this roadtrip does not know")
    }
    func bytes(_ key: CodingKeys) throws -> [UInt8] {
      let text = try container.decode(String.self, forKey: key)
      guard let data = Data(base64Encoded: text) else {
        throw SyncEncryptionError.unsupportedEncryption(
          reason: "has a \(key.stringValue) that is not base64")
      }
      return Array(data)
    }
    try self.init(
      cost: try container.decode(Int.self, forKey: .n),
      blockSize: try container.decode(Int.self, forKey: .r),
      parallelism: try container.decode(Int.self, forKey: .p),
      salt: try bytes(.salt),
      check: try bytes(.check))
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.scrypt, forKey: .kdf)
    try container.encode(cost, forKey: .n)
    try container.encode(blockSize, forKey: .r)
    try container.encode(parallelism, forKey: .p)
    try container.encode(Data(salt).base64EncodedString(), forKey: .salt)
    try container.encode(Data(check).base64EncodedString(), forKey: .check)
  }
}
