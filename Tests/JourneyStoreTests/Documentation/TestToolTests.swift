import Foundation
import Testing

/// The tests share their tools: another program is started only by the one runner (`Child`), the
/// sqlite3 shell is run only through `SQLiteShell`, and git only through `GitSandbox` (or by
/// roadtrip itself), so that a fix to how a test waits for, feeds or kills a program reaches
/// every test.
@Suite("The tests share their tools")
struct TestToolTests {
  /// Each tool, the text that only its own file may hold, and that file.
  @Test(arguments: [
    ("Process()", "Support/Child.swift"),
    (#""/usr/bin/sqlite3""#, "Support/SQLiteShell.swift"),
    (#""/usr/bin/git""#, "Support/GitSandbox.swift"),
  ])
  func onlyTheToolStartsItsProgram(_ text: String, owner: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let own = URL(fileURLWithPath: #filePath).standardizedFileURL.path
    let files = try #require(FileManager.default.subpaths(atPath: root.path)).filter { $0.hasSuffix(".swift") }
    #expect(files.contains(owner))
    let holders = try files.filter { file in
      let path = root.appendingPathComponent(file).standardizedFileURL.path
      guard path != own, file != owner else { return false }
      return try String(contentsOfFile: path, encoding: .utf8).contains(text)
    }
    #expect(holders.isEmpty, "\(text) outside \(owner): \(holders.sorted())")
  }
}
