import JourneyStore

extension SyncSummary {
  /// What a sync did, for standard error; what came from the remote in it with its control
  /// characters escaped.
  var lines: [String] {
    let remote = remote.escapingControlCharacters
    var lines: [String] = []
    if createdRemote { lines.append("made \(remote) a roadtrip remote") }
    if let old = renewedFrom {
      lines.append(
        "another copy of this database synced as replica \(old); this one is replica \(replica) from now on"
      )
    }
    var sent = "nothing to send"
    if sendFailure != nil {
      sent = "nothing could be sent (the next sync sends it)"
    } else if sentChanges > 0 {
      sent = "sent \(String(counting: sentChanges, "change")) in \(String(counting: sentFiles, "file"))"
    } else if sentFiles > 0 {
      sent = "sent \(String(counting: sentFiles, "file")) of an earlier sync"
    }
    if let sentSnapshot {
      lines.append(
        "sent every journey this database holds to \(remote.escapingControlCharacters) "
          + "(\(String(counting: sentSnapshotJourneys, "journey")) in \(sentSnapshot))")
    }
    if let snapshot { lines.append("joined from \(snapshot.escapingControlCharacters)") }
    var received = "nothing new received"
    if receivedChanges > 0 {
      received =
        "received \(String(counting: receivedChanges, "change")) from "
        + "\(String(counting: receivedFrom.count, "replica")): "
        + "\(String(counting: journeysChanged, "journey")) changed"
      if conflicts > 0 {
        received +=
          ", \(String(counting: conflicts, "conflict")) ('roadtrip sync conflicts' lists "
          + (conflicts == 1 ? "it)" : "them)")
      }
    }
    lines.append(sent + "; " + received)
    // The first few named, the rest counted: a file may hold a value held back for each journey.
    for value in heldBackValues {
      lines.append(
        "held back the \(value.field) of journey \(value.journey) from \(value.file) (replica "
          + "\(value.replica)): \(value.reason); its other fields were applied, and later edits of "
          + "it are too")
    }
    if heldBackValueCount > heldBackValues.count {
      lines.append("held back \(heldBackValueCount - heldBackValues.count) more values like these")
    }
    for file in resentFiles {
      lines.append(
        "sent \(file.name) again: it was "
          + (file.damaged ? "damaged on the remote (replaced)" : "missing from the remote"))
    }
    for held in heldBackReplicas {
      lines.append(
        "held back replica \(held.replica.escapingControlCharacters) from "
          + "\(held.file.escapingControlCharacters) on: \(held.reason.escapingControlCharacters)")
    }
    return lines
  }
}
