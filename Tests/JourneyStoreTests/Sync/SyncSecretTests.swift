import Foundation
import Testing
@testable import JourneyStore

/// The secret of an encrypted remote: read from a file or the environment, and shown by nothing.
@Suite("The sync secret")
struct SyncSecretTests {
  typealias Fixtures = SyncCipherFixtures

  @Test(arguments: [
    ("abc", "abc"), ("abc\n", "abc"), ("abc\r\n", "abc"), ("abc\n\n", "abc\n"), (" abc ", " abc "),
    ("abc\r", "abc\r"), ("\nabc", "\nabc"),
  ])
  func aSecretFileLosesOneTrailingNewline(content: String, secret: String) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("secret")
    try write(content, to: path, mode: 0o600)
    let read = try SyncSecret(fileAt: path)
    #expect(bytes(of: read) == Array(secret.utf8))
    #expect(read.permissionWarning == nil)
    // The same rule for the environment: the same secret, the same bytes.
    let environment = try #require(try SyncSecret(environment: ["ROADTRIP_SYNC_SECRET": content]))
    #expect(bytes(of: environment) == Array(secret.utf8))
  }

  @Test func aSecretIsAnyBytes() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("key")
    let key: [UInt8] = [0, 0xff, 0xfe, 10, 13, 0, 0x80]
    #expect(FileManager.default.createFile(atPath: path, contents: Data(key)))
    #expect(bytes(of: try SyncSecret(fileAt: path)) == key)
  }

  @Test(arguments: ["", "\n", "\r\n"])
  func anEmptySecretIsRefused(content: String) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("secret")
    try write(content, to: path, mode: 0o600)
    let error = try #require(throws: SyncEncryptionError.self) { try SyncSecret(fileAt: path) }
    #expect(error == .emptySecret(source: "the secret file \(path)"))
    #expect(error.description.hasPrefix("the secret file \(path) is empty: "))
    #expect(throws: SyncEncryptionError.emptySecret(source: "ROADTRIP_SYNC_SECRET")) {
      try SyncSecret(environment: ["ROADTRIP_SYNC_SECRET": content])
    }
  }

  @Test func noVariableIsNoSecret() throws {
    #expect(try SyncSecret(environment: ["HOME": "/root"]) == nil)
  }

  @Test func aSecretFileOfMoreThan64KiBIsRefused() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("large")
    try write(String(repeating: "x", count: 65_536) + "\n", to: path, mode: 0o600)
    #expect(bytes(of: try SyncSecret(fileAt: path)).count == 65_536)
    try write(String(repeating: "x", count: 65_536) + "\r\n", to: path, mode: 0o600)
    #expect(bytes(of: try SyncSecret(fileAt: path)).count == 65_536)
    try write(String(repeating: "x", count: 65_537), to: path, mode: 0o600)
    #expect(throws: SyncEncryptionError.secretTooLong(source: "the secret file \(path)")) {
      try SyncSecret(fileAt: path)
    }
    try write(String(repeating: "x", count: 1 << 20), to: path, mode: 0o600)
    #expect(throws: SyncEncryptionError.secretTooLong(source: "the secret file \(path)")) {
      try SyncSecret(fileAt: path)
    }
  }

  @Test func aSecretFileThatCannotBeReadIsNamed() throws {
    let folder = try TemporaryFolder()
    let missing = folder.file("missing")
    let error = try #require(throws: SyncEncryptionError.self) { try SyncSecret(fileAt: missing) }
    #expect(error == .unreadableSecret(path: missing, reason: "No such file or directory"))
    #expect(error.description == "cannot read the secret file \(missing): No such file or "
      + "directory")
    let folderError = SyncEncryptionError.unreadableSecret(
      path: folder.path, reason: "Is a directory")
    #expect(throws: folderError) { try SyncSecret(fileAt: folder.path) }
  }

  @Test(arguments: [(0o600, false), (0o400, false), (0o640, true), (0o604, true), (0o620, true)])
  func aSecretFileOthersMayReadIsUsedWithAWarning(mode: Int, warns: Bool) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("secret")
    try write("abc\n", to: path, mode: mode)
    let secret = try SyncSecret(fileAt: path)
    #expect(bytes(of: secret) == Array("abc".utf8))
    if warns {
      let warning = try #require(secret.permissionWarning)
      let octal = "0" + String(mode, radix: 8)
      #expect(warning == "the secret file \(path) is not yours alone (mode \(octal)): others who "
        + "can read it can read and change your journeys on the remote; make it yours alone with "
        + "'chmod 600 \(path)'")
    } else {
      #expect(secret.permissionWarning == nil)
    }
  }

  /// A pipe, as `--secret-file <(pass show roadtrip)` gives: read to its end, no warning.
  @Test(.timeLimit(.minutes(3))) func aSecretComesThroughAPipe() async throws {
    let folder = try TemporaryFolder()
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = try Child(
      "/bin/sh", ["-c", "printf 'piped secret\\n' > \"$1\"", "sh", fifo],
      environment: ProcessInfo.processInfo.environment, in: folder)
    let secret = try SyncSecret(fileAt: fifo)
    try await writer.finish().expectSuccess()
    #expect(bytes(of: secret) == Array("piped secret".utf8))
    #expect(secret.permissionWarning == nil)
  }

  @Test func theSecretIsShownByNothing() throws {
    let secret = Fixtures.secret
    var dumped = ""
    dump(secret, to: &dumped)
    var dumpedInside = ""
    dump([secret], to: &dumpedInside)
    let shown = [
      secret.description, secret.debugDescription, "\(secret)", String(reflecting: secret),
      String(describing: Optional(secret)), dumped, dumpedInside,
    ]
    for text in shown {
      #expect(!holdsTheSecret(Array(text.utf8)), "\(text)")
      #expect(text.contains("SyncSecret"))
    }
    #expect(secret.description == "SyncSecret(redacted)")
  }

  /// Every error of the secret's and the cipher's, made for real, and everything written to the
  /// remote: none holds the secret's bytes.
  @Test func theSecretIsInNoErrorAndNotOnTheRemote() throws {
    let folder = try TemporaryFolder()
    let empty = folder.file("empty")
    let large = folder.file("large")
    try write("", to: empty, mode: 0o600)
    try write(String(repeating: Fixtures.secretText, count: 3000), to: large, mode: 0o644)
    let cipher = Fixtures.cipher
    let sealed = try cipher.seal(Array(Fixtures.secretText.utf8), name: Fixtures.name)
    var tampered = sealed
    tampered[30] ^= 1
    var future = sealed
    future[6] = 9
    let foreign = try Fixtures.otherCipher.seal([1], name: Fixtures.name)
    let remoteJSON = try JSONEncoder().encode(cipher.encryption)
    let secret = Fixtures.secret
    let attempts: [() throws -> Any] = [
      { try SyncSecret(fileAt: empty) },
      { try SyncSecret(fileAt: large) },
      { try SyncSecret(fileAt: folder.file("missing")) },
      { try SyncSecret(environment: ["ROADTRIP_SYNC_SECRET": ""]) as Any },
      { try SyncCipher(secret: secret, encryption: Fixtures.otherCipher.encryption) },
      { try cipher.open(tampered, name: Fixtures.name) },
      { try cipher.open(Array(sealed.prefix(20)), name: Fixtures.name) },
      { try cipher.open(future, name: Fixtures.name) },
      { try cipher.open(foreign, name: Fixtures.name) },
      { try cipher.open(Array(Fixtures.secretText.utf8), name: Fixtures.name) },
      { try PlainFiles().open(sealed, name: Fixtures.name) },
      { try SyncEncryption.sealing(for: nil, secret: secret) },
      { try SyncEncryption.sealing(for: cipher.encryption, secret: nil) },
      { try SyncEncryption(json: Array(#"{"kdf":"x"}"#.utf8)) },
    ]
    var errors: [SyncEncryptionError] = []
    for attempt in attempts {
      do {
        _ = try attempt()
        Issue.record("no error")
      } catch let error as SyncEncryptionError {
        errors.append(error)
      }
    }
    #expect(errors.count == attempts.count)
    for error in errors {
      var dumped = ""
      dump(error, to: &dumped)
      for text in [error.description, String(reflecting: error), dumped] {
        #expect(!holdsTheSecret(Array(text.utf8)), "\(text)")
      }
    }
    #expect(!holdsTheSecret(sealed))
    #expect(!holdsTheSecret(Array(remoteJSON)))
  }

  /// Whether `bytes` hold the secret's bytes, or any 8 bytes in a row of them.
  private func holdsTheSecret(_ bytes: [UInt8]) -> Bool {
    let secret = Array(Fixtures.secretText.utf8)
    let windows = Set((0...(secret.count - 8)).map { Array(secret[$0..<($0 + 8)]) })
    guard bytes.count >= 8 else { return false }
    return (0...(bytes.count - 8)).contains { windows.contains(Array(bytes[$0..<($0 + 8)])) }
  }

  private func bytes(of secret: SyncSecret) -> [UInt8] {
    secret.key.withUnsafeBytes { Array($0) }
  }

  private func write(_ text: String, to path: String, mode: Int) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
  }
}
