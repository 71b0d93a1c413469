/// Sending (SYNC.md, "Sending"): the local batches not sent yet, stamped, merged into the
/// registers as this replica's own writes, and recorded as its next file (`SentFiles`), which
/// `publish` adds to the remote after the commit.
extension SyncSession {
  /// Stamps the local batches not sent yet, merges them into the registers through `update`, and
  /// records them as this replica's next file. At the first sync the file holds every journey
  /// instead (the log may have been pruned), and every batch before it counts as sent.
  /// `prefetch` reads the registers of the journeys the changes name, once for each change, and
  /// hands back their numbers, in that order, by which `update` merges each change.
  func send(
    _ state: inout ReplicaState, summary: inout SyncSummary,
    prefetch: ([String]) throws -> [Int],
    update: (Int, (inout JourneyRegisters) -> Bool) throws -> Void
  ) throws {
    let me = try state.number(of: state.id)
    let seq = (state.seen[state.id] ?? 0) + 1
    let vector = state.seen
    let log = ChangeLog(connection: connection)
    let lastBatch = try log.newestBatch()
    var batches =
      try state.isNew
      ? [try OutgoingBatches(connection: connection).everyJourney()]
      : OutgoingBatches(connection: connection).batches(after: state.sentBatch)
    batches.removeAll { $0.changes.isEmpty }
    let numbers = try prefetch(Self.journeys(in: batches.lazy.map(\.changes)))
    var next = numbers.startIndex
    var headers: [ChangeFile.BatchHeader] = []
    for outgoing in batches {
      let hlc = HybridClock.stamp(outgoing.date, after: state.lastHLC)
      state.lastHLC = hlc
      if !state.isNew { try log.markSent(outgoing.id, stampedWith: hlc) }
      headers.append(ChangeFile.BatchHeader(hlc: hlc, kind: outgoing.kind, origin: outgoing.origin))
      let write = { (value: DatabaseValue) in Register(value: value, hlc: hlc, by: me, seq: seq) }
      for change in outgoing.changes {
        guard case .text = change.journey else { continue }
        let number = numbers[next]
        next += 1
        let typed = SyncChange(change)
        try update(number) { $0.record(typed, as: write) }
      }
      summary.sentChanges += outgoing.changes.count
    }
    state.sentBatch = lastBatch
    guard !batches.isEmpty else { return }
    let file = ChangeFile(
      header: ChangeFile.Header(
        format: ChangeFile.format, replica: state.id, seq: seq, vector: vector, batches: headers),
      bodies: batches.map(\.changes))
    // Kept unsealed until it is published: sealed then with the key of the remote it goes to
    // (a remote made again after a first push failed may have another salt).
    try SentFiles(connection: connection).record(
      seq: seq, bytes: try file.encoded(), firstBatch: batches.first!.id, lastBatch: lastBatch)
    try state.markSeen(state.id, seq: seq)
  }

  /// The ids of the journeys some changes name, once for each change.
  private static func journeys(in bodies: some Sequence<[RowChange]>) -> [String] {
    var journeys: [String] = []
    for change in bodies.joined() {
      if case .text(let journey) = change.journey { journeys.append(journey) }
    }
    return journeys
  }
}
