import Foundation
import Testing
@testable import JourneyStore

/// The key a secret gives on a remote: scrypt as an independent implementation computes it, and
/// the remote's parameters as `roadtrip-remote.json` holds them.
@Suite("Sync keys and the remote's encryption")
struct SyncKeyTests {
  typealias Fixtures = SyncCipherFixtures

  /// scrypt (N = 2^15, r = 8, p = 1) and HKDF-SHA256's expansion, computed by Python's `hashlib`
  /// (OpenSSL's scrypt) and `hmac`: the file key and the check value must match byte for byte.
  @Test func theKeysMatchPythonsScryptAndHKDF() async throws {
    let salt = (0..<16).map { UInt8($0 * 17) }
    let secretText = "known answer: grüße, journeys"
    let secret = try SyncSecret(bytes: Array(secretText.utf8)[...], source: "test")
    let key = try SyncKey(secret: secret, cost: 32768, blockSize: 8, parallelism: 1, salt: salt)

    let folder = try TemporaryFolder()
    let python = try await Child.run("/usr/bin/env", ["python3", "-c", """
      import hashlib, hmac, sys
      secret, salt = sys.argv[1].encode(), bytes.fromhex(sys.argv[2])
      material = hashlib.scrypt(secret, salt=salt, n=32768, r=8, p=1, maxmem=64 << 20, dklen=32)
      def expand(label):
          return hmac.new(material, label.encode() + b"\\x01", hashlib.sha256).hexdigest()
      print(expand("roadtrip sync file key"))
      print(expand("roadtrip sync key check"))
      """, secretText, hex(salt)], environment: ProcessInfo.processInfo.environment, in: folder)
    python.expectSuccess()
    let lines = python.lines
    try #require(lines.count == 2, "\(python)")
    #expect(key.fileKey.withUnsafeBytes { hex(Array($0)) } == lines[0])
    #expect(hex(key.check) == lines[1])
    #expect(lines[0] != lines[1])
  }

  @Test func aNewRemotesParametersAreWrittenAsTheDocumentSays() throws {
    let encryption = Fixtures.cipher.encryption
    let data = try JSONEncoder().encode(encryption)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == ["kdf", "n", "r", "p", "salt", "check"])
    #expect(object["kdf"] as? String == "scrypt")
    #expect(object["n"] as? Int == 32768)
    #expect(object["r"] as? Int == 8)
    #expect(object["p"] as? Int == 1)
    let saltText = try #require(object["salt"] as? String)
    let checkText = try #require(object["check"] as? String)
    let salt = try #require(Data(base64Encoded: saltText))
    let check = try #require(Data(base64Encoded: checkText))
    #expect(salt.count == 16)
    #expect(check.count == 32)
    #expect(try SyncEncryption(json: Array(data)) == encryption)
    // A new remote's salt is random.
    #expect(Fixtures.otherCipher.encryption.salt != encryption.salt)
  }

  /// Each case changes members of parameters this roadtrip accepts; the reason says what is
  /// wrong.
  @Test(arguments: [
    (#"{"kdf": "argon2id"}"#, "argon2id"),
    (#"{"kdf": "x\u001b]0;owned\u0007y"}"#, "'x?]0;owned?y'"),
    (#"{"n": 1024}"#, "n = 1024"),
    (#"{"n": 40000}"#, "n = 40000"),
    (#"{"n": 4611686018427387904}"#, "more memory"),
    (#"{"n": 1048576}"#, "more memory"),
    (#"{"r": 16, "p": 16}"#, "more memory"),
    (#"{"r": 0}"#, "r = 0"),
    (#"{"r": 32}"#, "r = 32"),
    (#"{"p": -1}"#, "p = -1"),
    (#"{"salt": "c2FsdA=="}"#, "salt of 4 bytes"),
    (#"{"salt": "not base64!"}"#, "salt that is not base64"),
    (#"{"check": "Y2hlY2s="}"#, "check value of 5 bytes"),
  ])
  func parametersThisRoadtripDoesNotUseAreRefused(change: String, reason: String) throws {
    var members: [String: Any] = [
      "kdf": "scrypt", "n": 32768, "r": 8, "p": 1,
      "salt": Data(repeating: 7, count: 16).base64EncodedString(),
      "check": Data(repeating: 9, count: 32).base64EncodedString(),
    ]
    let accepted = try JSONSerialization.data(withJSONObject: members)
    #expect(throws: Never.self) { try SyncEncryption(json: Array(accepted)) }
    let changes = try #require(
      try JSONSerialization.jsonObject(with: Data(change.utf8)) as? [String: Any])
    members.merge(changes) { $1 }
    let json = try JSONSerialization.data(withJSONObject: members)
    let error = try #require(throws: SyncEncryptionError.self) {
      try SyncEncryption(json: Array(json))
    }
    guard case .unsupportedEncryption(let said) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(said.contains(reason), "\(said)")
    #expect(error.description.hasPrefix("the remote's encryption (roadtrip-remote.json) "))
  }

  @Test func theRemotesOwnParametersAreAccepted() throws {
    let text = #"{"kdf":"scrypt","n":65536,"r":16,"p":2,"salt":"S","check":"C"}"#
      .replacingOccurrences(of: "\"S\"", with: "\"\(Data(count: 32).base64EncodedString())\"")
      .replacingOccurrences(of: "\"C\"", with: "\"\(Data(count: 32).base64EncodedString())\"")
    let encryption = try SyncEncryption(json: Array(text.utf8))
    #expect(encryption.cost == 65536)
    #expect(encryption.blockSize == 16)
    #expect(encryption.parallelism == 2)
    #expect(encryption.salt.count == 32)
  }

  private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
  }
}
