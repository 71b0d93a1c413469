#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SyncEncryption {
  /// Reads `roadtrip-remote.json`'s `encryption` member, the JSON object `json`: where the
  /// parameters enter, they are checked.
  /// - Throws: `SyncEncryptionError.unsupportedEncryption` for a key derivation other than
  ///   scrypt, a salt or check that is not base64, or parameters past the limits;
  ///   `JSONScanner.Failure` for text that is not a JSON object, or a member missing or of the
  ///   wrong type.
  init(json: [UInt8]) throws {
    let members = try JSONMembers(json)
    let kdf = try members.string("kdf")
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
    func bytes(_ name: String) throws -> [UInt8] {
      guard let data = Data(base64Encoded: try members.string(name)) else {
        throw SyncEncryptionError.unsupportedEncryption(reason: "has a \(name) that is not base64")
      }
      return Array(data)
    }
    try self.init(
      cost: try members.integer("n"),
      blockSize: try members.integer("r"),
      parallelism: try members.integer("p"),
      salt: try bytes("salt"),
      check: try bytes("check"))
  }
}

extension SyncEncryption: Encodable {
  private enum CodingKeys: String, CodingKey {
    case kdf, n, r, p, salt, check
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
