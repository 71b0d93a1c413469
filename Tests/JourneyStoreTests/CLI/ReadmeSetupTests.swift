import Foundation
import Testing

/// The README's two commands set up a fresh machine through `scripts/setup`, run by `/bin/sh` in
/// every situation it must handle. `dpkg`, `apt-get`, `sudo`, `id`, `sqlite3`, `python3`, `git` and
/// `strace` are shims alone on `PATH` (with `env`) that log how they were called, so that every branch runs
/// here without installing anything: the machine's real state is the "already installed" case.
@Suite("The README's set-up")
struct ReadmeSetupTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The README's first block of shell commands, a line each.
  static let commands: [String] = {
    let text = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    let block = text.components(separatedBy: "```sh\n").dropFirst().first ?? ""
    return block.components(separatedBy: "\n```").first?.split(separator: "\n").map(String.init) ?? []
  }()

  /// A machine as the shims describe it.
  struct Machine {
    var dpkgFinds = true
    var hasSQLiteShell = true
    var hasPython = true
    var hasGit = true
    var hasStrace = true
    var uid = 1000
    var hasSudo = true
    var hasAptGet = true
    var updateFails = false
  }

  /// What the shims log, one line a call, and the script's exit status.
  private func setUp(_ machine: Machine) throws -> (calls: [String], status: Int32) {
    let folder = try TemporaryFolder()
    let bin = folder.file("bin"), log = folder.file("calls.log")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    var shims = [
      "id": "[ \"$1\" = -u ] && echo \(machine.uid) && exit 0\nexit 1",
      "dpkg": "echo \"dpkg $*\" >> \(log)\nexit \(machine.dpkgFinds ? 0 : 1)",
    ]
    if machine.hasAptGet {
      shims["apt-get"] = "echo \"apt-get $*\" >> \(log)\n[ \"$1\" = update ] && [ -n \"$UPDATE_FAILS\" ] && exit 100\nexit 0"
    }
    if machine.hasSudo { shims["sudo"] = "echo \"sudo $1\" >> \(log)\nexec \"$@\"" }
    if machine.hasSQLiteShell { shims["sqlite3"] = "exit 0" }
    if machine.hasPython { shims["python3"] = "exit 0" }
    if machine.hasGit { shims["git"] = "exit 0" }
    if machine.hasStrace { shims["strace"] = "exit 0" }
    for (name, body) in shims { try ShellScript.install("#!/bin/sh\n" + body + "\n", at: bin + "/" + name) }
    try FileManager.default.createSymbolicLink(atPath: bin + "/env", withDestinationPath: "/usr/bin/env")
    var environment = ["PATH": bin, "LANG": "C.UTF-8"]
    if machine.updateFails { environment["UPDATE_FAILS"] = "1" }
    let status = try Self.shell(
      [Self.root.appendingPathComponent("scripts/setup").path], environment: environment)
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    return (text.split(separator: "\n").map(String.init), status)
  }

  /// Runs `/bin/sh` with `arguments`.
  /// - Returns: Its exit status.
  private static func shell(_ arguments: [String], environment: [String: String]? = nil) throws
    -> Int32
  {
    try Child.runBlocking("/bin/sh", arguments, environment: environment).exitCode
  }

  @Test func bothCommandsSetUpFirst() {
    #expect(Self.commands.count == 2)
    #expect(Self.commands.allSatisfy { $0.hasPrefix("sh scripts/setup && swift ") })
    #expect(Self.commands.first?.hasSuffix(".build/release/roadtrip types") == true)
    #expect(Self.commands.last == "sh scripts/setup && swift test")
  }

  @Test func doesNothingWhenAllIsInstalled() throws {
    let run = try setUp(Machine())
    #expect(run.status == 0)
    #expect(run.calls == ["dpkg -s libsqlite3-dev"])
  }

  @Test func updatesThenInstallsAsRootWithoutSudo() throws {
    let run = try setUp(Machine(dpkgFinds: false, hasSQLiteShell: false, uid: 0, hasSudo: false))
    #expect(run.status == 0)
    #expect(run.calls == [
      "dpkg -s libsqlite3-dev", "apt-get update -qq", "apt-get install -y -qq libsqlite3-dev sqlite3",
    ])
  }

  @Test func updatesThenInstallsThroughSudoAsAUser() throws {
    let run = try setUp(
      Machine(dpkgFinds: false, hasSQLiteShell: false, hasPython: false, hasGit: false, hasStrace: false))
    #expect(run.status == 0)
    #expect(run.calls == [
      "dpkg -s libsqlite3-dev", "sudo apt-get", "apt-get update -qq", "sudo env",
      "apt-get install -y -qq libsqlite3-dev sqlite3 python3 git strace",
    ])
  }

  @Test func installsOnlyWhatIsMissing() throws {
    let run = try setUp(Machine(hasSQLiteShell: false, uid: 0))
    #expect(run.calls.last == "apt-get install -y -qq sqlite3")
  }

  @Test func installsGitWhereItIsMissing() throws {
    let run = try setUp(Machine(hasGit: false, uid: 0))
    #expect(run.status == 0)
    #expect(
      run.calls == ["dpkg -s libsqlite3-dev", "apt-get update -qq", "apt-get install -y -qq git"])
  }

  @Test func installsStraceWhereItIsMissing() throws {
    let run = try setUp(Machine(hasStrace: false, uid: 0))
    #expect(run.status == 0)
    #expect(
      run.calls == ["dpkg -s libsqlite3-dev", "apt-get update -qq", "apt-get install -y -qq strace"])
  }

  @Test func stopsWhenTheUpdateFails() throws {
    let run = try setUp(Machine(dpkgFinds: false, uid: 0, updateFails: true))
    #expect(run.status != 0)
    #expect(run.calls == ["dpkg -s libsqlite3-dev", "apt-get update -qq"])
  }

  @Test func saysWhatIsMissingWithoutAptGet() throws {
    let run = try setUp(Machine(dpkgFinds: false, uid: 0, hasAptGet: false))
    #expect(run.status == 1)
    #expect(run.calls == ["dpkg -s libsqlite3-dev"])
  }

  /// The machine's real tools: CI installs everything before the tests, so nothing happens.
  @Test func asksTheRealMachine() throws {
    let result = try Child.runBlocking("/bin/sh", [Self.root.appendingPathComponent("scripts/setup").path])
    #expect(result.exitCode == 0)
    #expect(result.standardError.isEmpty, "\(result)")
  }
}
