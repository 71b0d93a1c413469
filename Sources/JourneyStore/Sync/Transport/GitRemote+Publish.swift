/// Making added files durable: add, commit, push; pull and push again when another replica
/// pushed first.
extension GitRemote {
  /// How many pushes `publish` makes before it gives up on a remote that keeps moving.
  static let pushAttempts = 3

  /// Commits `added` (paths in the clone, relative to it or absolute) with `message`, unless
  /// they change nothing, and pushes what the remote lacks. A push rejected because another
  /// replica pushed first is followed by a fetch, a merge (change files never conflict: no two
  /// replicas write the same name) and another push, three pushes at most.
  ///
  /// When it throws, nothing of this call is on the remote for sure: the database counts its
  /// files as not sent, and the next `fetch` drops them from the clone.
  /// - Throws: `SyncRemoteError`.
  func publish(added: [String], message: String) throws {
    try requireGit()
    try unattended().changingClone(message: message) { clone in
      if !added.isEmpty {
        try clone.runChecked(["add", "--"] + added)
      }
    }
  }

  /// Removes `names` (paths in the clone, relative to it) with `git rm`, commits the removal with
  /// `message` and pushes it, as `publish` pushes; names not in the clone are skipped.
  /// - Throws: `SyncRemoteError`; nothing of this call is on the remote for sure then, and the
  ///   next `fetch` puts the files back in the clone.
  func remove(_ names: [String], message: String) throws {
    try requireGit()
    try unattended().changingClone(message: message) { clone in
      // In pieces, so that no command line grows past the system's limit.
      for start in stride(from: 0, to: names.count, by: 500) {
        let piece = Array(names[start..<min(start + 500, names.count)])
        try clone.runChecked(["rm", "--quiet", "--ignore-unmatch", "--"] + piece)
      }
    }
  }

  /// Holding the clone's lock: `stage`, then a commit of what it staged (none when it staged
  /// nothing), then a push of what the remote lacks.
  private func changingClone(message: String, stage: (GitRemote) throws -> Void) throws {
    try CloneLock.holding(lockPath) {
      guard PathKind(of: folder + "/.git") == .folder else {
        throw SyncRemoteError.damagedClone(folder: folder, reason: "it is not a git clone")
      }
      removeStaleLocks()
      try stage(self)
      if try !ask(["diff", "--cached", "--quiet"]) {
        try runChecked(["commit", "--quiet", "--no-verify", "-m", message])
      }
      try push()
    }
  }

  /// Pushes the clone's branch when the remote lacks some of it.
  private func push() throws {
    let branch = try currentBranch()
    let tracking = Self.tracking(branch)
    guard try exists("HEAD") else { return }
    if try exists(tracking), try isAncestor("HEAD", of: tracking) { return }
    for attempt in 1...Self.pushAttempts {
      let pushed = try run(
        ["push", "--quiet", "--no-verify", "origin", "HEAD:refs/heads/" + branch])
      if pushed.succeeded { return }
      guard try remoteMoved(tracking) else {
        throw SyncRemoteError.unreachable(
          remote: shownLocation, operation: "push to", reason: pushed.message)
      }
      guard attempt < Self.pushAttempts else {
        throw SyncRemoteError.pushRejected(remote: shownLocation, attempts: attempt)
      }
      try merge(tracking)
    }
  }

  /// After a failed push: fetches, and says whether the remote's branch has commits the clone
  /// lacks (another replica pushed first) rather than the push failing for a reason of its own.
  private func remoteMoved(_ tracking: String) throws -> Bool {
    let fetched = try run(["fetch", "--quiet", "origin"])
    guard fetched.succeeded, try exists(tracking) else { return false }
    return try !isAncestor(tracking, of: "HEAD")
  }

  /// Merges the remote's branch into the clone's, never opening an editor; two replicas that
  /// both began on an empty remote have histories with no common commit, which merge as well.
  /// Files added on both sides with different contents are another replica's files of the same
  /// names: the merge is undone and they are named.
  private func merge(_ tracking: String) throws {
    let merged = try run(
      ["merge", "--quiet", "--no-edit", "--no-verify", "--ff", "--allow-unrelated-histories",
       tracking])
    guard !merged.succeeded else { return }
    let conflicts = try run(["diff", "--name-only", "--diff-filter=U"]).standardOutput
      .split(separator: "\n").map(String.init)
    _ = try run(["merge", "--abort"])
    guard conflicts.isEmpty else {
      throw SyncRemoteError.filesTaken(remote: shownLocation, paths: conflicts)
    }
    throw SyncRemoteError.damagedClone(folder: folder, reason: merged.message)
  }
}
