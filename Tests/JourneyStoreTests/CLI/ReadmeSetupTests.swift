import Foundation
import Testing

/// The README's first command, the part before `swift build` that sets up a fresh machine, run
/// by `/bin/sh` in every situation it must handle. `dpkg`, `apt-get`, `sudo` and `id` are shims
/// first on `PATH` that log how they were called, so that every branch runs here without
/// installing anything: the machine's real state is the "already installed" case.
@Suite("The README's set-up command")
struct ReadmeSetupTests {
  /// The install part of the README's first command.
  static let setup: String = {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let text = (try? String(contentsOf: readme, encoding: .utf8)) ?? ""
    let block = text.components(separatedBy: "```sh\n").dropFirst().first ?? ""
    let first = block.prefix { $0 != "\n" }
    return first.components(separatedBy: " && swift build").first ?? ""
  }()

  /// What the shims log, one line a call, and the command's exit status.
  private func run(dpkgFinds: Bool?, uid: Int, updateFails: Bool = false, hasSudo: Bool = true) throws -> (calls: [String], status: Int32) {
    let folder = try TemporaryFolder()
    let bin = folder.file("bin"), log = folder.file("calls.log")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    var shims = [
      "apt-get": "echo \"apt-get $*\" >> \(log)\n[ \"$1\" = update ] && [ -n \"$UPDATE_FAILS\" ] && exit 100\nexit 0",
      "id": "[ \"$1\" = -u ] && echo \(uid) && exit 0\nexit 1",
    ]
    if hasSudo {
      shims["sudo"] = "echo \"sudo $1\" >> \(log)\nexec \"$@\""
    }
    if let dpkgFinds {
      shims["dpkg"] = "echo \"dpkg $*\" >> \(log)\nexit \(dpkgFinds ? 0 : 1)"
    }
    for (name, body) in shims {
      let path = bin + "/" + name
      try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", Self.setup]
    var environment = ["PATH": bin + ":/usr/bin:/bin", "LANG": "C.UTF-8"]
    if updateFails { environment["UPDATE_FAILS"] = "1" }
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let calls = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    return (calls, process.terminationStatus)
  }

  @Test func isTheFirstLineOfTheFirstBlock() {
    #expect(Self.setup.hasPrefix("(dpkg -s libsqlite3-dev sqlite3"))
    #expect(Self.setup.hasSuffix(")"))
  }

  @Test func doesNothingWhenBothPackagesAreInstalled() throws {
    let run = try run(dpkgFinds: true, uid: 1000)
    #expect(run.status == 0)
    #expect(run.calls == ["dpkg -s libsqlite3-dev sqlite3"])
  }

  @Test func updatesThenInstallsAsRootWithoutSudo() throws {
    let run = try run(dpkgFinds: false, uid: 0, hasSudo: false)
    #expect(run.status == 0)
    #expect(run.calls == [
      "dpkg -s libsqlite3-dev sqlite3", "apt-get update", "apt-get install -y libsqlite3-dev sqlite3",
    ])
  }

  @Test func updatesThenInstallsThroughSudoAsAUser() throws {
    let run = try run(dpkgFinds: false, uid: 1000)
    #expect(run.status == 0)
    #expect(run.calls == [
      "dpkg -s libsqlite3-dev sqlite3", "sudo apt-get", "apt-get update", "sudo apt-get",
      "apt-get install -y libsqlite3-dev sqlite3",
    ])
  }

  @Test func stopsWhenTheUpdateFails() throws {
    let run = try run(dpkgFinds: false, uid: 0, updateFails: true)
    #expect(run.status != 0)
    #expect(run.calls == ["dpkg -s libsqlite3-dev sqlite3", "apt-get update"])
  }

  /// The machine's real `dpkg`: CI installs both packages before the tests, so nothing happens.
  @Test func asksTheRealDpkgOnThisMachine() throws {
    let run = try run(dpkgFinds: nil, uid: 0)
    #expect(run.status == 0)
    #expect(run.calls.isEmpty)
  }
}
