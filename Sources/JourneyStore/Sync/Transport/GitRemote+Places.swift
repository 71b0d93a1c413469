#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import Glibc

/// Where a git remote's clone lives, and the address and environment git gets.
extension GitRemote {
  /// The clone: the cache root's folder named by the SHA-256 of the URL.
  var folder: String { cacheRoot + "/" + SHA256Hash.hex(of: url) }

  /// The lock file beside the clone, held by each `fetch` and `publish`.
  var lockPath: String { folder + ".lock" }

  /// `url` as git should record it: an address with a scheme or an scp-like one unchanged, a
  /// local path made absolute and normalised (`RemoteLocation.absolutePath`), so that one
  /// repository has one clone wherever the command runs.
  static func normalized(_ url: String) -> String {
    guard !RemoteKind.hasScheme(url), !RemoteKind.isSCPLike(url), !url.isEmpty else { return url }
    return RemoteLocation.absolutePath(url)
  }

  /// `$XDG_CACHE_HOME/roadtrip/remotes` when it is an absolute path, else
  /// `$HOME/.cache/roadtrip/remotes`, as the XDG base directory specification says.
  static func defaultCacheRoot(_ environment: [String: String]) -> String {
    let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? passwordHome) + "/.cache"
    return cache + "/roadtrip/remotes"
  }

  /// The environment git runs in: this one without the variables that point git at another
  /// repository (a hook of the user's sets them), with `GIT_TERMINAL_PROMPT=0` unless someone
  /// can answer a prompt, and `cacheRoot` as a ceiling: in a clone that lost its `.git`, git
  /// looks no further up (where the user's home may be a repository of its own).
  static func gitEnvironment(
    _ environment: [String: String], cacheRoot: String, prompts: Bool
  ) -> [String: String] {
    // Hooks, credential helpers and ssh inherit git's environment: never the sync's secret.
    var result = environment.filter {
      !repositoryVariables.contains($0.key) && $0.key != SyncSecret.environmentVariable
    }
    result["GIT_CEILING_DIRECTORIES"] = cacheRoot
    if !prompts { result["GIT_TERMINAL_PROMPT"] = "0" }
    return result
  }

  /// This remote with git told never to wait for what no one will answer or for a dead network,
  /// when no one can answer (standard input is no terminal: cron, a script, a service): ssh in
  /// batch mode, with a connect timeout and keep-alives (`GIT_SSH_COMMAND`), unless the user
  /// chose the ssh command (`GIT_SSH_COMMAND`, `GIT_SSH` or `core.sshCommand`); http given a
  /// low-speed limit (`GIT_HTTP_LOW_SPEED_LIMIT` and `_TIME`), unless the user set one
  /// (those variables, `http.lowSpeedLimit` or `http.lowSpeedTime`). A dead network then ends
  /// in a failed fetch or push (exit 74), never in a sync that waits for good.
  func unattended() throws -> GitRemote {
    guard !canPrompt else { return self }
    var environment = git.environment
    let configured = try configuredKeys()
    let chosenSSH = ["GIT_SSH_COMMAND", "GIT_SSH"].contains { environment[$0] != nil }
    if !chosenSSH, !configured.contains("core.sshcommand") {
      environment["GIT_SSH_COMMAND"] = Self.batchSSHCommand
    }
    let lowSpeed = ["GIT_HTTP_LOW_SPEED_LIMIT", "GIT_HTTP_LOW_SPEED_TIME"]
    if !lowSpeed.contains(where: { environment[$0] != nil }),
      configured.isDisjoint(with: ["http.lowspeedlimit", "http.lowspeedtime"])
    {
      environment["GIT_HTTP_LOW_SPEED_LIMIT"] = String(Self.lowSpeedLimit.bytesPerSecond)
      environment["GIT_HTTP_LOW_SPEED_TIME"] = String(Self.lowSpeedLimit.seconds)
    }
    var remote = self
    remote.git = Git(environment: environment, stopRequested: git.stopRequested)
    return remote
  }

  /// The ssh command git gets when no one can answer: no password or host key question
  /// (`BatchMode`), 30 seconds to connect, and a connection whose server stops answering
  /// dropped after a minute.
  static let batchSSHCommand =
    "ssh -o BatchMode=yes -o ConnectTimeout=30 -o ServerAliveInterval=15 -o ServerAliveCountMax=4"

  /// Below 1,000 bytes a second for 60 seconds, an http transfer is abandoned.
  static let lowSpeedLimit = (bytesPerSecond: 1_000, seconds: 60)

  /// Which of `core.sshCommand`, `http.lowSpeedLimit` and `http.lowSpeedTime` the user's git
  /// configuration (global and system) sets, lowercased as git prints them, with one run of git:
  /// from the cache root, which is no repository and which git looks no further up from.
  private func configuredKeys() throws -> Set<String> {
    let output = try run(
      ["-C", cacheRoot, "config", "--name-only", "--get-regexp",
       #"^(core\.sshcommand|http\.lowspeedlimit|http\.lowspeedtime)$"#],
      inClone: false)
    guard output.succeeded else { return [] }
    return Set(output.standardOutput.split(separator: "\n").map { $0.lowercased() })
  }

  private static let repositoryVariables: Set<String> = [
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX", "GIT_SHALLOW_FILE",
    "GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE", "GIT_NO_REPLACE_OBJECTS",
    "GIT_REPLACE_REF_BASE",
  ]

  /// The user's home folder as the password database has it, for when `$HOME` is unset.
  static var passwordHome: String {
    guard let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir else { return "/" }
    return String(cString: folder)
  }
}
