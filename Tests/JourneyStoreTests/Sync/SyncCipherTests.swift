import Foundation
import Testing
@testable import JourneyStore

/// ChaCha20-Poly1305 files of an encrypted remote (SYNC.md, "Encryption"): what is sealed opens
/// only with its key and under its name, and every change to it is refused.
@Suite("Sealing sync files")
struct SyncCipherTests {
  typealias Fixtures = SyncCipherFixtures

  @Test(arguments: [0, 1, 10 << 20])
  func bytesRoundTrip(count: Int) throws {
    let plain = Fixtures.plainBytes(count: count)
    let sealed = try Fixtures.cipher.seal(plain, name: Fixtures.name)
    #expect(sealed.count == count + SealedFile.overhead)
    #expect(sealed.starts(with: Array("RTSEAL".utf8) + [1]))
    #expect(try Fixtures.cipher.open(sealed, name: Fixtures.name) == plain)
  }

  @Test func everySingleBitFlipIsRefused() throws {
    let sealed = try Fixtures.cipher.seal(Fixtures.plainBytes(count: 24), name: Fixtures.name)
    var failedAuthentication = 0
    for bit in 0..<(sealed.count * 8) {
      var flipped = sealed
      flipped[bit / 8] ^= 1 << (bit % 8)
      let error = try #require(throws: SyncEncryptionError.self, "bit \(bit)") {
        try Fixtures.cipher.open(flipped, name: Fixtures.name)
      }
      let byte = bit / 8
      switch byte {
      case 0..<6: #expect(error == .plainFileOnEncryptedRemote(file: Fixtures.name), "bit \(bit)")
      case 6:
        let version: UInt8 = 1 ^ (1 << (bit % 8))
        #expect(error == .unknownFormatVersion(file: Fixtures.name, version: version))
      case 7..<15: #expect(error == .anotherRemotesFile(file: Fixtures.name), "bit \(bit)")
      default: #expect(error == .failedAuthentication(file: Fixtures.name), "bit \(bit)")
      }
      if error == .failedAuthentication(file: Fixtures.name) { failedAuthentication += 1 }
    }
    #expect(failedAuthentication == (sealed.count - 15) * 8)
  }

  @Test func everyTruncationIsRefused() throws {
    let sealed = try Fixtures.cipher.seal(Fixtures.plainBytes(count: 24), name: Fixtures.name)
    for length in 0..<sealed.count {
      #expect(throws: SyncEncryptionError.failedAuthentication(file: Fixtures.name), "\(length)") {
        try Fixtures.cipher.open(Array(sealed.prefix(length)), name: Fixtures.name)
      }
    }
  }

  @Test func aFileOpensOnlyUnderTheNameItWasSealedWith() throws {
    let sealed = try Fixtures.cipher.seal(Fixtures.plainBytes(count: 100), name: Fixtures.name)
    let others = [
      Fixtures.name.replacingOccurrences(of: "000000042", with: "000000043"),
      "replicas/0a1b2c3d-0b4d-4e5f-8a9b-0c1d2e3f4a5b/000000042.rtc",
      "000000042.rtc", "", Fixtures.name + " ",
    ]
    for other in others {
      let error = try #require(throws: SyncEncryptionError.self) {
        try Fixtures.cipher.open(sealed, name: other)
      }
      #expect(error == .failedAuthentication(file: other))
      #expect(error.description == "\(other) failed authentication: it was changed or damaged; "
        + "nothing of it was applied")
    }
  }

  @Test func anotherSecretIsToldFromADamagedFile() throws {
    let remote = Fixtures.cipher.encryption
    let wrong = try #require(throws: SyncEncryptionError.self) {
      try SyncCipher(secret: Fixtures.otherSecret, encryption: remote)
    }
    #expect(wrong == .anotherSecret(file: "roadtrip-remote.json"))
    #expect(wrong.description == "roadtrip-remote.json was written with another secret: check "
      + "--secret-file or ROADTRIP_SYNC_SECRET")

    // A file sealed with another key, put on this remote, is named as another remote's: its key
    // id is not this remote's, as it is not for another remote's file sealed with this secret.
    let foreign = try Fixtures.otherCipher.seal([1, 2, 3], name: Fixtures.name)
    let error = try #require(throws: SyncEncryptionError.self) {
      try Fixtures.cipher.open(foreign, name: Fixtures.name)
    }
    #expect(error == .anotherRemotesFile(file: Fixtures.name))
    #expect(error.description.hasPrefix("\(Fixtures.name) is another remote's file: it was sealed "
      + "with another key than this remote's (its key id differs"))

    // The right secret derives the remote's key again, and opens its files.
    let again = try SyncCipher(secret: Fixtures.secret, encryption: remote)
    let sealed = try Fixtures.cipher.seal([4, 5, 6], name: Fixtures.name)
    #expect(try again.open(sealed, name: Fixtures.name) == [4, 5, 6])
  }

  @Test func aPlainFileOnAnEncryptedRemoteIsRefused() throws {
    for plain in [Fixtures.plainBytes(count: 500), Array("RTSEAX and more".utf8)] {
      #expect(throws: SyncEncryptionError.plainFileOnEncryptedRemote(file: Fixtures.name)) {
        try Fixtures.cipher.open(plain, name: Fixtures.name)
      }
    }
  }

  @Test func anUnknownFormatVersionIsRefused() throws {
    var sealed = try Fixtures.cipher.seal([1, 2, 3], name: Fixtures.name)
    for version: UInt8 in [0, 2, 255] {
      sealed[6] = version
      let error = try #require(throws: SyncEncryptionError.self) {
        try Fixtures.cipher.open(sealed, name: Fixtures.name)
      }
      #expect(error == .unknownFormatVersion(file: Fixtures.name, version: version))
      #expect(error.description.contains("format version \(version)"))
    }
  }

  @Test func sealedBytesNeverHoldThePlainBytes() throws {
    let plain = Fixtures.plainBytes(count: 64 << 10)
    let sealed = try Fixtures.cipher.seal(plain, name: Fixtures.name)
    // No 8 bytes in a row of the plain text (its period is 52 bytes: every window is in its
    // first 60) appear in the sealed bytes.
    let windows = Set((0..<60).map { Array(plain[$0..<($0 + 8)]) })
    let found = (0...(sealed.count - 8)).filter { windows.contains(Array(sealed[$0..<($0 + 8)])) }
    #expect(found.isEmpty, "plain bytes at \(found.prefix(5))")
    #expect(!String(decoding: sealed, as: UTF8.self).contains("Coast road"))
  }

  @Test func twoSealsOfTheSameBytesDiffer() throws {
    let plain = Fixtures.plainBytes(count: 200)
    let first = try Fixtures.cipher.seal(plain, name: Fixtures.name)
    let second = try Fixtures.cipher.seal(plain, name: Fixtures.name)
    #expect(first.prefix(15) == second.prefix(15))
    #expect(first[15..<27] != second[15..<27], "the nonce")
    #expect(first[27...] != second[27...])
    #expect(try Fixtures.cipher.open(first, name: Fixtures.name) == plain)
    #expect(try Fixtures.cipher.open(second, name: Fixtures.name) == plain)
  }

  @Test func aRemoteWithoutASecretKeepsFilesAsTheyAre() throws {
    let plain = Fixtures.plainBytes(count: 300)
    let sealing = try SyncEncryption.sealing(for: nil, secret: nil)
    #expect(sealing is PlainFiles)
    #expect(try sealing.seal(plain, name: Fixtures.name) == plain)
    #expect(try sealing.open(plain, name: Fixtures.name) == plain)
    #expect(try sealing.open([], name: Fixtures.name) == [])
  }

  @Test func aSealedFileWithoutASecretAsksForIt() throws {
    let sealed = try Fixtures.cipher.seal([1, 2, 3], name: Fixtures.name)
    let error = try #require(throws: SyncEncryptionError.self) {
      try PlainFiles().open(sealed, name: Fixtures.name)
    }
    #expect(error == .secretMissing(file: Fixtures.name))
    #expect(error.description == "the remote is encrypted (\(Fixtures.name) is sealed): give its "
      + "secret with --secret-file FILE or ROADTRIP_SYNC_SECRET")
    #expect(throws: SyncEncryptionError.secretMissing(file: nil)) {
      try SyncEncryption.sealing(for: Fixtures.cipher.encryption, secret: nil)
    }
    #expect(throws: SyncEncryptionError.secretNotUsed) {
      try SyncEncryption.sealing(for: nil, secret: Fixtures.secret)
    }
    let sealing = try SyncEncryption.sealing(
      for: Fixtures.cipher.encryption, secret: Fixtures.secret)
    #expect(try sealing.open(sealed, name: Fixtures.name) == [1, 2, 3])
  }
}
