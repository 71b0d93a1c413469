import Foundation
import Testing
@testable import JourneyStore

#if canImport(Glibc)
import Glibc
#endif

/// Files another user made, or may write, are not trusted with journeys (as ssh refuses such
/// key files): in a shared folder another user could create the `-wal` before the owner's first
/// write and read every journey written to it. Files are given away with `chown` to nobody
/// (uid 65534), which needs root; without it, only the mode cases run.
@Suite("Reliability: files of other users")
struct ForeignFileTests {
  static let nobody: uid_t = 65534

  @Test(arguments: ["-wal", "-shm"])
  func aWALOrSharedMemoryFileOfAnotherUserIsRefused(_ suffix: String) async throws {
    guard getuid() == 0 else { return }
    let sandbox = try CLISandbox()
    let planted = sandbox.databasePath + suffix
    #expect(FileManager.default.createFile(atPath: planted, contents: nil))
    #expect(chmod(planted, 0o666) == 0 && chown(planted, Self.nobody, gid_t(Self.nobody)) == 0)
    for arguments in [["add", "Secret"], ["import", "-"]] {
      let result = try await sandbox.run(arguments, input: "")
      result.expectExit(74, "\(arguments)")
      #expect(result.standardError.contains("refusing to use \(planted): it belongs to another user (uid 65534)"), "\(result)")
    }
    // Nothing was created, nothing written to the planted file.
    #expect(!sandbox.exists(sandbox.databasePath))
    #expect(sandbox.bytes(of: planted) == Data())
  }

  @Test func anEmptyDatabaseFileOfAnotherUserIsNotAdopted() async throws {
    guard getuid() == 0 else { return }
    let sandbox = try CLISandbox()
    #expect(FileManager.default.createFile(atPath: sandbox.databasePath, contents: nil))
    #expect(chown(sandbox.databasePath, Self.nobody, gid_t(Self.nobody)) == 0)
    let result = try await sandbox.run("add", "Secret")
    result.expectExit(74)
    #expect(result.standardError.contains("it belongs to another user"), "\(result)")
    #expect(sandbox.bytes(of: sandbox.databasePath) == Data())
  }

  @Test(arguments: [("", 0o664), ("", 0o606), ("-wal", 0o620), ("-shm", 0o646)] as [(String, mode_t)])
  func aFileOthersMayWriteIsRefusedWithTheFix(_ suffix: String, _ mode: mode_t) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let file = sandbox.databasePath + suffix
    if !sandbox.exists(file) { #expect(FileManager.default.createFile(atPath: file, contents: nil)) }
    #expect(chmod(file, mode) == 0)
    let result = try await sandbox.run("list")
    result.expectExit(74)
    #expect(result.standardError.contains("refusing to use \(file): others may write to it (mode 0\(String(mode, radix: 8))); make it yours alone with 'chmod go-w \(file)'"), "\(result)")
    #expect(chmod(file, mode & ~0o022) == 0)
    try await sandbox.run("list").expectSuccess()
  }
}
