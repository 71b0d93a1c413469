import Foundation
import Testing
@testable import JourneyStore

/// Another program that takes the database's write lock (`BEGIN IMMEDIATE`), optionally writes in
/// that transaction, and holds the lock until the test releases it, then commits; it gives up by
/// itself after ten minutes (and is killed when the test lets go of it), so that no test can leave it behind for long.
final class LockHolder {
  /// The program that holds the lock.
  enum Program: String, CaseIterable, CustomTestStringConvertible {
    case sqlite3Shell = "the sqlite3 shell"
    case python = "python3's sqlite3"
    var testDescription: String { rawValue }
  }

  private let child: Child
  private let releaseFlag: String
  private let databasePath: String

  /// Starts the holder and waits (at most 120 s, for a loaded machine) until it says that it
  /// holds the lock, then checks that a connection of the test's own cannot take it.
  /// - Parameter sql: Written inside the holder's transaction, committed on release.
  init(_ program: Program, on databasePath: String, writing sql: String = "", in folder: TemporaryFolder) async throws {
    self.databasePath = databasePath
    releaseFlag = folder.file("release-\(UUID().uuidString)")
    let heldFlag = releaseFlag + ".held"
    let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    switch program {
    case .sqlite3Shell:
      let script = folder.file("holder-\(UUID().uuidString).sql")
      // The shell waits through python3, which sleeps between its looks at the flag: a shell
      // loop would start a `sleep` a hundred times a second for as long as the lock is held.
      // The waiter ends with the sqlite3 process (its parent's parent, `$PPID` of the shell
      // that `.shell` starts) if that is killed.
      let waiter = folder.file("holder-\(UUID().uuidString).py")
      try Data(Self.waiter.utf8).write(to: URL(fileURLWithPath: waiter))
      let text = """
        .bail on
        .timeout 20000
        BEGIN IMMEDIATE;
        \(sql)
        .shell touch '\(heldFlag)'
        .shell python3 '\(waiter)' '\(releaseFlag)' $PPID
        COMMIT;

        """
      try Data(text.utf8).write(to: URL(fileURLWithPath: script))
      child = try Child(SQLiteShell.path, [databasePath], environment: environment, inputFile: script, in: folder)
    case .python:
      let script = """
        import os, sqlite3, sys, time
        connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=20)
        connection.execute("BEGIN IMMEDIATE")
        if sys.argv[3]:
            connection.execute(sys.argv[3])
        open(sys.argv[2] + ".held", "w").close()
        for _ in range(60000):
            if os.path.exists(sys.argv[2]):
                break
            time.sleep(0.01)
        connection.execute("COMMIT")
        """
      child = try Child(
        "/usr/bin/env", ["python3", "-c", script, databasePath, releaseFlag, sql], environment: environment, in: folder)
    }
    let announced = try await child.wait(within: .seconds(120)) { FileManager.default.fileExists(atPath: heldFlag) }
    guard announced else {
      throw SetupFailure("\(program.rawValue) did not take the lock: \(try await child.finish(within: .seconds(5)))")
    }
    let probe = try Connection(path: databasePath, busyTimeout: .zero)
    do {
      try probe.execute("BEGIN IMMEDIATE")
      try probe.execute("ROLLBACK")
      throw SetupFailure("\(program.rawValue) says it holds the lock, but another connection could take it")
    } catch let error as SQLiteError where error.kind == .busy {
      // Held, as it should be.
    }
  }

  /// What the sqlite3 shell's holder runs to wait for the release: until the flag (its first
  /// argument) exists, the process of its second argument has ended, or ten minutes have passed.
  private static let waiter = """
    import os, sys, time
    flag, holder = sys.argv[1], int(sys.argv[2])
    for _ in range(60000):
        if os.path.exists(flag):
            break
        try:
            os.kill(holder, 0)
        except ProcessLookupError:
            break
        time.sleep(0.01)

    """

  /// Lets the holder commit and end, and waits for it (at most 10 s).
  /// - Returns: What the holder left; exit code 0 when its transaction committed.
  @discardableResult
  func release() async throws -> CommandResult {
    _ = FileManager.default.createFile(atPath: releaseFlag, contents: nil)
    return try await child.finish(within: .seconds(120))
  }
}
