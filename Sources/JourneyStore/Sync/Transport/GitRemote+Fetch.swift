import Glibc

/// Making the clone current: cloning it the first time, else fetching and moving it to the
/// remote's branch.
extension GitRemote {
  /// Clones the remote the first time (an empty repository too), else fetches it and sets the
  /// clone to the remote's branch, and returns the clone's folder.
  ///
  /// Between syncs the clone holds nothing of its own, so setting it to the remote's branch
  /// (`git reset --hard`) is the fast-forward a `git pull` would make; what a sync killed before
  /// its push had committed is dropped with it, and sent again by its database, which did not
  /// count it as sent.
  /// - Throws: `SyncRemoteError`.
  func fetch() throws -> String {
    try requireGit()
    try makeCacheRoot()
    return try unattended().fetchHoldingLock()
  }

  /// `fetch()`, with every git command it runs ended once `shouldStop` says so (a clone or a
  /// fetch that hangs on a dead network): it then throws `CancellationError`, and a half clone
  /// is removed.
  func fetch(stoppingWhen shouldStop: @escaping @Sendable () -> Bool) throws -> String {
    var remote = self
    remote.git.stopRequested = shouldStop
    return try remote.fetch()
  }

  private func fetchHoldingLock() throws -> String {
    try CloneLock.holding(lockPath) {
      if PathKind(of: folder) != .missing {
        removeStaleLocks()
        // A clone an older roadtrip made records the URL with its credentials: made again.
        if try checkClone() == .withCredentials { removeTree(folder) }
      }
      if PathKind(of: folder) == .missing {
        try cloneAnew()
      } else {
        try update()
      }
      return folder
    }
  }

  /// Clones into a temporary folder beside the clone and renames it into place, so that a
  /// clone killed half-way is never taken for one. git is given the URL without the user part
  /// of an http(s) one, whose credentials reach it through its environment
  /// (`GitRemote+Credentials`): the command line, which `ps` shows to every user, holds none.
  private func cloneAnew() throws {
    let name = "." + SHA256Hash.hex(of: url) + ".clone-"
    removeLeftovers(startingWith: name)
    let temporary = cacheRoot + "/" + name + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let cloned: Git.Output
    do {
      cloned = try run(
        ["clone", "--quiet", "--", Self.originURL(url), temporary], inClone: false)
    } catch {
      removeTree(temporary)
      throw error
    }
    guard cloned.succeeded else {
      removeTree(temporary)
      throw SyncRemoteError.unreachable(
        remote: shownLocation, operation: "clone", reason: cloned.message)
    }
    guard chmod(temporary, 0o700) == 0, rename(temporary, folder) == 0 else {
      let reason = String(cString: strerror(errno))
      removeTree(temporary)
      throw SyncRemoteError.cacheUnavailable(folder: folder, reason: reason)
    }
  }

  /// What `checkClone` found.
  enum CloneState {
    /// A clone of this remote.
    case current
    /// A clone of this remote whose `origin` records the URL with its credentials.
    case withCredentials
  }

  /// Refuses a folder that is no clone, or a clone of another remote.
  @discardableResult
  func checkClone() throws -> CloneState {
    guard PathKind(of: folder) == .folder, PathKind(of: folder + "/.git") == .folder else {
      throw SyncRemoteError.damagedClone(folder: folder, reason: "it is not a git clone")
    }
    let origin = try run(["config", "--get", "remote.origin.url"])
    guard origin.status != 1 else {
      throw SyncRemoteError.damagedClone(folder: folder, reason: "it has no remote 'origin'")
    }
    guard origin.succeeded else {
      throw SyncRemoteError.damagedClone(folder: folder, reason: origin.message)
    }
    if origin.line == Self.originURL(url) { return .current }
    guard origin.line == url else {
      throw SyncRemoteError.foreignClone(
        folder: folder, origin: RemoteLocation.shown(origin.line), remote: shownLocation)
    }
    return .withCredentials
  }

  /// Fetches, and sets the clone to the remote's branch: the clone's own branch, or, while the
  /// clone has no commit, the remote's only branch or the one its HEAD names (a remote whose
  /// first push came from a git that named its branch otherwise).
  ///
  /// A clone that has commits on a branch the remote does not have (a first push that failed)
  /// is kept while the remote has no branch at all: its commit (the remote's identity, with an
  /// encrypted remote's salt, which the database's unsent files are sealed with) is what the
  /// next publish pushes. Once another replica made the remote, the clone is cloned anew, so
  /// that it says what the remote holds (its database sends again what was not published); a
  /// file another sync of this machine added but had not committed is lost from the clone
  /// then, and that sync sends it next time. Otherwise files not committed are left alone.
  ///
  /// A remote that had the clone's branch (the clone tracked it) and has it no more was emptied
  /// on its server (its branch deleted, the repository made again empty): the clone is cloned
  /// anew too, so that it holds what the remote holds, and the sync finds the remote it synced
  /// with empty, as a folder not mounted (SYNC.md, "A lost remote"), instead of the files the
  /// clone kept, which its next push would put back.
  private func update() throws {
    var branch = try currentBranch()
    let tracked = try exists(Self.tracking(branch))
    // Pruned: a tracking branch the remote no longer has must not pass for one it has.
    let fetched = try run(["fetch", "--quiet", "--prune", "origin"])
    guard fetched.succeeded else {
      throw SyncRemoteError.unreachable(
        remote: shownLocation, operation: "fetch", reason: fetched.message)
    }
    let branches = try remoteBranches()
    if !branches.contains(branch) {
      if try exists("HEAD") {
        guard !branches.isEmpty || tracked else { return }
        removeTree(folder)
        return try cloneAnew()
      }
      guard let adopted = try remoteDefault(among: branches) else { return }
      try runChecked(["symbolic-ref", "HEAD", "refs/heads/" + adopted])
      branch = adopted
    }
    try runChecked(["reset", "--quiet", "--hard", Self.tracking(branch)])
  }

  /// The branch a fresh clone would check out: the only one, or the one the remote's HEAD
  /// names.
  private func remoteDefault(among branches: [String]) throws -> String? {
    if branches.count == 1 { return branches[0] }
    let head = try run(["ls-remote", "--symref", "origin", "HEAD"])
    let prefix = "ref: refs/heads/"
    guard head.succeeded, head.line.hasPrefix(prefix) else { return nil }
    let name = head.line.dropFirst(prefix.count).prefix { $0 != "\t" }
    return branches.contains(String(name)) ? String(name) : nil
  }
}
