import Foundation

/// Another process holding the write lock of a database: python3's sqlite3 module in a
/// `BEGIN IMMEDIATE` transaction, until the test releases it (or 30 seconds pass).
final class DatabaseLockHolder {
  private let process = Process()
  private let releasePath: String

  /// Starts the process and waits (at most 15 seconds) until it holds the lock.
  init(databasePath: String, folder: TemporaryFolder) async throws {
    let lockedPath = folder.file("locked-\(UUID().uuidString)")
    releasePath = folder.file("release-\(UUID().uuidString)")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", """
      import os, sqlite3, sys, time
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      db.execute("BEGIN IMMEDIATE")
      open(sys.argv[2], "w").close()
      deadline = time.time() + 30
      while not os.path.exists(sys.argv[3]) and time.time() < deadline:
          time.sleep(0.01)
      db.execute("ROLLBACK")
      """, databasePath, lockedPath, releasePath]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = ContinuousClock.now + .seconds(15)
    while !FileManager.default.fileExists(atPath: lockedPath) {
      guard process.isRunning, ContinuousClock.now < deadline else {
        throw EditorProcessError.timedOut(waitingFor: "python3 to lock the database", screen: "", exitCode: nil)
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Lets go of the lock and waits (at most 15 seconds) for the process to end.
  func release() async throws {
    _ = FileManager.default.createFile(atPath: releasePath, contents: nil)
    let deadline = ContinuousClock.now + .seconds(15)
    while process.isRunning {
      guard ContinuousClock.now < deadline else {
        process.terminate()
        throw EditorProcessError.timedOut(waitingFor: "python3 to release the lock", screen: "", exitCode: nil)
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}
