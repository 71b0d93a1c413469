import Foundation
import Testing
@testable import JourneyStore

/// Bare repositories and the caches of several machines in a temporary folder, with the real
/// `git` in an environment that reads none of the user's configuration (an empty global
/// configuration of its own, no system one: like CI, git knows no user name). The one way a test
/// runs git itself.
final class GitSandbox: Sendable {
  let folder: TemporaryFolder
  /// The environment git runs in, for the test's own runs of it and for roadtrip's.
  let environment: [String: String]
  /// The global configuration git reads: empty, unless a test writes to it.
  let configFile: String

  /// - Parameters:
  ///   - folder: Where the repositories and caches go; a new folder by default.
  ///   - base: The environment to run git in, before git's configuration is set; by default the
  ///     test process's, without git's, XDG's and askpass variables, and with a home of its own.
  init(in folder: TemporaryFolder? = nil, environment base: [String: String]? = nil) throws {
    let folder = try folder ?? TemporaryFolder()
    self.folder = folder
    var environment: [String: String]
    if let base {
      environment = base
    } else {
      let home = folder.file("home")
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      environment = ProcessInfo.processInfo.environment.filter {
        !$0.key.hasPrefix("GIT_") && !$0.key.hasPrefix("XDG_") && !$0.key.hasSuffix("ASKPASS")
      }
      environment["HOME"] = home
    }
    configFile = folder.file("gitconfig")
    try Data().write(to: URL(fileURLWithPath: configFile))
    environment["GIT_CONFIG_GLOBAL"] = configFile
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    // git's messages in English, so that tests can name them; roadtrip itself never sets this.
    environment["LC_ALL"] = "C"
    self.environment = environment
  }

  /// The remote at `url` as one machine sees it: each machine has a cache of its own.
  func remote(
    _ url: String, machine: String = "laptop", environment: [String: String]? = nil
  ) -> GitRemote {
    GitRemote(
      url: url, cacheRoot: cacheRoot(machine), environment: environment ?? self.environment,
      standardInputIsTerminal: false)
  }

  func cacheRoot(_ machine: String) -> String {
    folder.file(machine + "/cache/roadtrip/remotes")
  }

  /// Runs git (outside any remote), which must succeed, and returns its standard output.
  @discardableResult
  func git(_ arguments: [String]) throws -> String {
    let result = try run(arguments)
    try #require(result.exitCode == 0, "git \(arguments.joined(separator: " ")): \(result)")
    return result.standardOutput
  }

  /// Runs git (outside any remote) and returns what it left, whatever its exit code.
  func run(_ arguments: [String]) throws -> CommandResult {
    try Child.runBlocking("/usr/bin/git", arguments, environment: environment)
  }

  /// A new, empty bare repository whose HEAD names `branch`.
  func bareRepository(_ name: String = "journeys.git", branch: String = "main") throws -> String {
    let path = folder.file(name)
    try git(["init", "--quiet", "--bare", "--initial-branch=" + branch, path])
    return path
  }

  /// The files of `branch` in a repository, sorted.
  func files(in repository: String, branch: String = "main") throws -> [String] {
    try git(["--git-dir=" + repository, "ls-tree", "-r", "--name-only", branch])
      .split(separator: "\n").map(String.init).sorted()
  }

  /// The contents of a file of `branch` in a repository.
  func contents(of path: String, in repository: String, branch: String = "main") throws -> String {
    try git(["--git-dir=" + repository, "show", branch + ":" + path])
  }

  /// How many commits a repository holds, on all its branches.
  func commitCount(in repository: String) throws -> Int {
    let result = try run(["--git-dir=" + repository, "rev-list", "--count", "--all"])
    return result.exitCode == 0 ? Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 : 0
  }

  /// Writes `text` to a file under `folder`, making its folders, as a sync writes a change file.
  func write(_ text: String, to path: String, in folder: String) throws {
    let url = URL(fileURLWithPath: folder + "/" + path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// Fetches, writes one file and publishes it, as one replica's sync does.
  func sync(_ remote: GitRemote, writing path: String, _ text: String) throws {
    let folder = try remote.fetch()
    try write(text, to: path, in: folder)
    try remote.publish(added: [path], message: "roadtrip sync: \(path)")
  }
}
