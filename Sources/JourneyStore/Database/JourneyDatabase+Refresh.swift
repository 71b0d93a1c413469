extension JourneyDatabase {
  /// Takes in what was committed to the file since the managed journeys were read, by other
  /// processes or other connections: each change in the log is applied to the managed journey it
  /// concerns, so that its observers see the new values, and a deleted journey is no longer
  /// managed. A field with an unsaved edit keeps the edit (`save()` then writes it over). A
  /// journey deleted with unsaved edits loses them: `onEditsDiscarded` is told.
  ///
  /// Call it when `waitForCommit(using:timeout:)` returns `true`, or use `outsideChanges()`.
  /// - Returns: The changes read from the log, oldest first: every change committed by others
  ///   since the first journey was managed or `refresh()` last returned.
  /// - Throws: `SQLiteError` when the log cannot be read.
  @discardableResult
  public func refresh() throws -> [JourneyChange] {
    try checkOpen()
    guard follower.isFollowing else {
      try markChangeLogPosition()
      return []
    }
    try catchUp()
    return follower.takeUnreported()
  }

  /// Refreshes as `refresh()` does, taking the changes in by slices on the caller's actor
  /// (`catchUp(bySlicesOn:)`): what an `OutsideChanges` iterator does on each wake.
  @discardableResult
  func refresh(bySlicesOn isolation: isolated (any Actor)?) async throws -> [JourneyChange] {
    guard follower.isFollowing else {
      try markChangeLogPosition()
      return []
    }
    try await catchUp(bySlicesOn: isolation)
    return follower.takeUnreported()
  }

  /// Remembers where the change log ends, once: call it before reading the first journey to
  /// manage, so that `refresh()` later applies everything committed after that read. A file of
  /// an older schema has no log to follow until it is upgraded (`upgradeSchema()` then reads the
  /// managed journeys again).
  func markChangeLogPosition() throws {
    guard !follower.isFollowing, try hasCurrentSchema() else { return }
    try verifySchema()
    try follower.start()
  }

  /// Takes the write-through outcomes waiting, then has the follower apply every change
  /// committed since its position to the managed journeys and the live lists
  /// (`CommitFollower.catchUp()`).
  func catchUp() throws {
    guard follower.isFollowing else { return }
    takeWriteThroughOutcomes()
    try follower.catchUp()
  }

  /// Brings the managed journeys up to the file before a fetch, when another connection has
  /// committed since the last look: a fetch's filter and order then agree with the objects it
  /// returns. The changes wait for `refresh()` to report them.
  func catchUpBeforeFetching() throws {
    guard try follower.needsCatchUpBeforeFetching() else { return }
    try catchUp()
  }

  /// The longest the caller's actor takes commits in at once before it lets others run: a
  /// frame of a display, so that a UI never misses more than one.
  static let sliceDuration = Duration.milliseconds(8)

  /// Has the follower apply what was committed since its position, as `catchUp()` does, by
  /// slices of at most `sliceDuration`, with a `Task.yield()` after each: other work of the
  /// caller's actor runs between them. Each slice's changes reach the managed journeys and the
  /// live lists at its end; a `refresh()` made between two slices goes on from where the last
  /// one stopped.
  func catchUp(bySlicesOn isolation: isolated (any Actor)?) async throws {
    guard follower.isFollowing else { return }
    while true {
      takeWriteThroughOutcomes()
      guard try follower.catchUp(pausingAt: .now + Self.sliceDuration) else { return }
      await Task.yield()
    }
  }
}
