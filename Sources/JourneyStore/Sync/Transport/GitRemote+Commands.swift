/// The git commands a git remote runs, and what it reads of them: exit codes, and the output of
/// plumbing commands, never git's messages, which may be translated.
extension GitRemote {
  /// Runs git with `arguments`, in the clone when `inClone`, as roadtrip: the commits made
  /// there are authored by `roadtrip <roadtrip@localhost>` (no host name leaves the machine)
  /// and not signed, whatever the user's configuration says.
  /// - Throws: `CancellationError` when git was stopped (`fetch(stoppingWhen:)`).
  func run(_ arguments: [String], inClone: Bool = true) throws -> Git.Output {
    let identity = [
      "-c", "user.name=roadtrip", "-c", "user.email=roadtrip@localhost",
      "-c", "commit.gpgsign=false",
    ]
    let output: Git.Output
    do {
      output = try git.run((inClone ? ["-C", folder] + identity : []) + arguments)
    } catch .notFound {
      throw SyncRemoteError.gitMissing(remote: shownLocation)
    } catch .unusable(let path, let reason) {
      throw SyncRemoteError.gitUnusable(path: path, reason: reason)
    }
    if output.wasStopped { throw CancellationError() }
    return output
  }

  /// Refuses to go on when `git` is not on the `PATH`, before anything is made or looked at.
  func requireGit() throws {
    guard git.executablePath != nil else { throw SyncRemoteError.gitMissing(remote: shownLocation) }
  }

  /// Runs a git command in the clone that must succeed; a failure is a damaged clone.
  @discardableResult
  func runChecked(_ arguments: [String]) throws -> Git.Output {
    let output = try run(arguments)
    guard output.succeeded else {
      throw SyncRemoteError.damagedClone(folder: folder, reason: output.message)
    }
    return output
  }

  /// Whether `git` says yes (status 0) or no (status 1) to a question; anything else is a
  /// damaged clone.
  func ask(_ arguments: [String]) throws -> Bool {
    let output = try run(arguments)
    guard output.status <= 1 else {
      throw SyncRemoteError.damagedClone(folder: folder, reason: output.message)
    }
    return output.succeeded
  }

  /// The clone's branch (`HEAD`'s, which may have no commit yet).
  func currentBranch() throws -> String {
    let output = try run(["symbolic-ref", "--quiet", "--short", "HEAD"])
    guard output.succeeded, !output.line.isEmpty else {
      throw SyncRemoteError.damagedClone(folder: folder, reason: "its HEAD is on no branch")
    }
    return output.line
  }

  /// Whether `reference` names a commit.
  func exists(_ reference: String) throws -> Bool {
    try ask(["rev-parse", "--verify", "--quiet", reference + "^{commit}"])
  }

  /// Whether `ancestor` is `descendant` or one of its ancestors.
  func isAncestor(_ ancestor: String, of descendant: String) throws -> Bool {
    try ask(["merge-base", "--is-ancestor", ancestor, descendant])
  }

  /// The remote's branches, as the last fetch saw them.
  func remoteBranches() throws -> [String] {
    let output = try runChecked(
      ["for-each-ref", "--format=%(refname:strip=3)", "refs/remotes/origin/"])
    return output.standardOutput.split(separator: "\n").map(String.init).filter { $0 != "HEAD" }
  }

  /// The remote-tracking reference of `branch`.
  static func tracking(_ branch: String) -> String { "refs/remotes/origin/" + branch }
}
