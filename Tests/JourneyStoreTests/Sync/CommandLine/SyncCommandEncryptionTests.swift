import Foundation
import Testing

@testable import JourneyStore

/// `roadtrip sync --secret-file FILE` and `ROADTRIP_SYNC_SECRET` on the real binary, through an
/// encrypted folder remote: what converges, what is refused and by which exit code, and that the
/// secret shows nowhere.
@Suite("roadtrip sync, encrypted")
struct SyncCommandEncryptionTests {
  /// The machines of `SyncCommandTests`, with secret files.
  struct Machines {
    let machines: SyncCommandTests.Machines
    var remote: String { machines.remote }
    let secret = "a long passphrase no one guesses \(UUID().uuidString)"

    init() throws {
      machines = try SyncCommandTests.Machines()
      try write(secret, to: "secret")
      try write("another passphrase entirely", to: "other-secret")
    }

    /// A secret file in the sandbox, the user's alone unless `mode` says otherwise.
    @discardableResult
    func write(_ text: String, to name: String, mode: Int = 0o600) throws -> String {
      let path = machines.sandbox.folder.file(name)
      try (text + "\n").write(toFile: path, atomically: false, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
      return path
    }

    func file(_ name: String) -> String { machines.sandbox.folder.file(name) }

    func run(_ name: String, _ arguments: String..., environment: [String: String?] = [:])
      async throws -> CommandResult
    {
      var environment = environment
      environment["ROADTRIP_DB"] = machines.path(name)
      let result = try await machines.sandbox.run(arguments, environment: environment)
      #expect(!result.standardOutput.contains(secret) && !result.standardError.contains(secret))
      return result
    }

    func table(_ name: String) async throws -> String { try await machines.table(name) }

    /// Every file of the remote, by its path inside it.
    func remoteFiles() throws -> [String: Data] {
      var files: [String: Data] = [:]
      let enumerator = FileManager.default.enumerator(atPath: remote)
      while let name = enumerator?.nextObject() as? String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: remote + "/" + name, isDirectory: &isFolder),
          !isFolder.boolValue
        {
          files[name] = try Data(contentsOf: URL(fileURLWithPath: remote + "/" + name))
        }
      }
      return files
    }
  }

  @Test func twoDatabasesWithTheSameSecretConvergeAndTheRemoteHoldsNoPlainName() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Clandestine trip to Lyon").expectSuccess()
    try await machines.run("b", "add", "Covert ride to Ghent").expectSuccess()
    for name in ["a", "b", "a"] {
      let result = try await machines.run(
        name, "sync", machines.remote, "--secret-file", machines.file("secret"))
      result.expectSuccess("\(name)")
    }
    let table = try await machines.table("a")
    #expect(table == (try await machines.table("b")))
    #expect(table.contains("Clandestine trip to Lyon") && table.contains("Covert ride to Ghent"))
    let files = try machines.remoteFiles()
    #expect(files.keys.filter { $0.hasSuffix(".rtc") }.count == 2, "\(files.keys)")
    for (name, bytes) in files {
      for plain in ["Lyon", "Ghent", machines.secret] {
        #expect(bytes.range(of: Data(plain.utf8)) == nil, "\(plain) in \(name)")
      }
      if name.hasSuffix(".rtc") { #expect(bytes.starts(with: Data("RTSEAL".utf8)), "\(name)") }
    }
    let identity = try #require(files["roadtrip-remote.json"])
    #expect(String(decoding: identity, as: UTF8.self).contains(#""kdf":"scrypt""#))
    // The history and the log hold the file's path, never the secret.
    let history = try await machines.run("b", "history", "--format", "ndjson")
    #expect(history.standardOutput.contains("sync from"), "\(history)")
    let log = try await machines.machines.sqlite3("b", ".dump")
    #expect(!log.standardOutput.contains(machines.secret))
  }

  @Test func anotherSecretOrNoSecretIsRefusedAndTheDatabaseStaysAsItWas() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Clandestine trip").expectSuccess()
    try await machines.run("a", "sync", machines.remote, "--secret-file", machines.file("secret"))
      .expectSuccess()
    try await machines.run("c", "add", "Trip of c").expectSuccess()
    let before = try await machines.table("c")
    let snapshot = machines.machines.sandbox.folder.file("c.sqlite")
    let bytesBefore = try Data(contentsOf: URL(fileURLWithPath: snapshot))
    let another = try await machines.run(
      "c", "sync", machines.remote, "--secret-file", machines.file("other-secret"))
    another.expectExit(65)
    #expect(
      another.standardError
        == "roadtrip: error: roadtrip-remote.json was written with another secret: check "
        + "--secret-file or ROADTRIP_SYNC_SECRET\n", "\(another)")
    let none = try await machines.run("c", "sync", machines.remote)
    none.expectExit(64)
    #expect(
      none.standardError.contains("the remote is encrypted: give its secret with --secret-file"),
      "\(none)")
    #expect(try await machines.table("c") == before)
    #expect(try Data(contentsOf: URL(fileURLWithPath: snapshot)) == bytesBefore)
    #expect(
      try await machines.run("c", "sync", "--status").standardOutput.contains("never synced"))
  }

  @Test func aFlippedByteIsRefusedByNameAndNothingOfItIsApplied() async throws {
    let machines = try Machines()
    let secret = machines.file("secret")
    try await machines.run("a", "add", "First trip").expectSuccess()
    try await machines.run("a", "sync", machines.remote, "--secret-file", secret).expectSuccess()
    try await machines.run("b", "sync", machines.remote, "--secret-file", secret).expectSuccess()
    try await machines.run("a", "add", "Tampered trip").expectSuccess()
    try await machines.run("a", "sync", "--secret-file", secret).expectSuccess()
    let name = try #require(
      try machines.remoteFiles().keys.filter { $0.hasSuffix("000000002.rtc") }.first)
    let path = machines.remote + "/" + name
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    bytes[bytes.count - 20] ^= 0x01
    try FileManager.default.removeItem(atPath: path)
    try bytes.write(to: URL(fileURLWithPath: path))
    let result = try await machines.run("b", "sync", "--secret-file", secret)
    result.expectExit(65)
    #expect(result.standardError.contains(name), "\(result)")
    #expect(result.standardError.contains("failed authentication"), "\(result)")
    let table = try await machines.table("b")
    #expect(table.contains("First trip") && !table.contains("Tampered trip"), "\(table)")
  }

  @Test func theEnvironmentVariableWorksAsTheFileAndTheFileWins() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Trip of a").expectSuccess()
    try await machines.run("b", "add", "Trip of b").expectSuccess()
    let secret = ["ROADTRIP_SYNC_SECRET": machines.secret]
    try await machines.run("a", "sync", machines.remote, environment: secret).expectSuccess()
    try await machines.run("b", "sync", machines.remote, "--secret-file", machines.file("secret"))
      .expectSuccess()
    try await machines.run("a", "sync", environment: secret).expectSuccess()
    #expect(try await machines.table("a") == machines.table("b"))
    // Both given: the file is the one used.
    let wrongVariable = ["ROADTRIP_SYNC_SECRET": "not it"]
    let both = try await machines.run(
      "a", "sync", "--secret-file", machines.file("secret"), environment: wrongVariable)
    both.expectSuccess()
    let variableAlone = try await machines.run("a", "sync", environment: wrongVariable)
    variableAlone.expectExit(65)
    let empty = try await machines.run("a", "sync", environment: ["ROADTRIP_SYNC_SECRET": ""])
    empty.expectExit(64)
    #expect(empty.standardError.contains("ROADTRIP_SYNC_SECRET is empty"), "\(empty)")
  }

  @Test func aSecretForAPlainRemoteIsRefusedAndAnOpenFileWarns() async throws {
    let machines = try Machines()
    try await machines.run("a", "add", "Trip of a").expectSuccess()
    try await machines.run("a", "sync", machines.remote).expectSuccess()
    let plain = try await machines.run("a", "sync", "--secret-file", machines.file("secret"))
    plain.expectExit(64)
    #expect(plain.standardError.contains("the remote is not encrypted"), "\(plain)")
    let open = try machines.write(machines.secret, to: "open-secret", mode: 0o644)
    let warned = try await machines.run(
      "b", "sync", machines.file("other-remote"), "--secret-file", open)
    warned.expectSuccess()
    #expect(
      warned.standardError.hasPrefix("roadtrip: warning: the secret file \(open) is not yours alone"),
      "\(warned)")
    let missing = try await machines.run("b", "sync", "--secret-file", machines.file("nothing"))
    missing.expectExit(66)
  }

  @Test func helpNamesTheRemoteKindsTheSecretFileAndTheVariable() async throws {
    let machines = try Machines()
    let help = try await machines.run("a", "sync", "--help")
    help.expectSuccess()
    for text in ["git repository", "scp-like", "--secret-file", "ROADTRIP_SYNC_SECRET"] {
      #expect(help.standardOutput.contains(text), "\(text): \(help)")
    }
  }
}
