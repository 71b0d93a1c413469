/// What one sync did.
public struct SyncSummary: Equatable, Sendable {
  /// The remote, as given, but for a URL's user part, where a token or password lies
  /// (`SyncRemote.shownLocation`).
  public var remote: String
  /// This replica's id.
  public var replica: String
  /// Whether this sync made the remote (an empty or new folder).
  public var createdRemote = false
  /// A new replica id this sync took, because a copy of the database wrote under the old one.
  public var renewedFrom: String?
  /// The row changes sent, and in how many files (0 or 1, plus files of earlier syncs that had
  /// not reached the remote).
  public var sentChanges = 0
  public var sentFiles = 0
  /// The row changes received, from how many files of which replicas.
  public var receivedChanges = 0
  public var receivedFiles = 0
  public var receivedFrom: [String] = []
  /// The snapshot this sync joined from (a path inside the remote), when it read one.
  public var snapshot: String?
  /// The snapshot of every journey this database holds that the sync sent to a new remote
  /// (`sync --new-remote`), a path inside the remote, and how many journeys it holds.
  public var sentSnapshot: String?
  public var sentSnapshotJourneys = 0
  /// How many journeys the received changes inserted, changed or deleted here.
  public var journeysChanged = 0
  /// The batch that holds them, which `undo` takes back; `nil` when nothing changed.
  public var batch: Int64?
  /// How many conflicts were found (`JourneyDatabase.syncConflicts()` lists them).
  public var conflicts = 0
  /// Files of the remote refused (truncated, corrupt, foreign), by path inside the remote, and
  /// why: nothing of them and of their replica's later files was applied.
  public var refusedFiles: [RefusedFile] = []
  /// Received values this roadtrip does not store, held back (the rest of their changes merged,
  /// and the journeys they belong to took later edits as usual): the first `heldBackValuesNamed`,
  /// and how many there were (a forged file may hold one for every journey).
  public var heldBackValues: [HeldBackValue] = []
  public var heldBackValueCount = 0
  /// How many held-back values a summary names.
  public static let heldBackValuesNamed = 10
  /// This replica's files that were damaged or missing on the remote, sent again.
  public var resentFiles: [ResentFile] = []
  /// The replicas whose files this sync held back, and why: a file of theirs refused, or not
  /// on the remote, stops their later files too.
  public var heldBackReplicas: [HeldBackReplica] = []
  /// Why the files to send could not be written to the remote (a read-only folder) or
  /// published (a push that failed): they are kept, and the next sync sends them.
  public var sendFailure: String?
  /// The remote's error when publishing failed after the sync committed what it received (a
  /// git push that failed): the sync's result stands, and the next sync sends the files.
  public var sendError: SyncRemoteError?

  /// A file of this replica that a sync sent again: `damaged` when one of its name was there
  /// (and was replaced), missing otherwise.
  public struct ResentFile: Equatable, Sendable {
    public var name: String
    public var damaged: Bool
  }

  /// A file of the remote that a sync refused.
  public struct RefusedFile: Equatable, Sendable {
    public var name: String
    public var reason: String
  }
}

extension SyncSummary {
  /// A value of a received change, or of a snapshot's registers, that this roadtrip does not
  /// store (`JourneyField.accepts(received:)`): held back, while the other fields merged.
  public struct HeldBackValue: Equatable, Sendable {
    /// The file (a path inside the remote) and the replica that wrote it.
    public var file: String
    public var replica: String
    public var journey: String
    /// The field's name (`transportationType`).
    public var field: String
    /// What the value is, and why it is not stored.
    public var reason: String
  }

  /// Notes the values a received change holds back (`ReceivedChange.heldBack`).
  mutating func note(_ received: ReceivedChange, file: @autoclosure () -> String, replica: String) {
    for field in received.heldBack {
      note(
        field, value: received.change.value(of: field) ?? .null,
        journey: received.journey.lowercasedText, file: file(), replica: replica)
    }
  }

  /// Notes one held-back value of `field`.
  mutating func note(
    _ field: JourneyField, value: DatabaseValue, journey: @autoclosure () -> String,
    file: @autoclosure () -> String, replica: String
  ) {
    heldBackValueCount += 1
    guard heldBackValues.count < Self.heldBackValuesNamed else { return }
    heldBackValues.append(
      HeldBackValue(
        file: file(), replica: replica, journey: journey(), field: field.name,
        reason: JourneyField.whyHeldBack(value)))
  }
}
