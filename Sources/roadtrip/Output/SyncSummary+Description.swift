import JourneyStore

extension SyncSummary {
  /// What a sync did, for standard error.
  var lines: [String] {
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
    if let snapshot { lines.append("joined from \(snapshot)") }
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
    for file in resentFiles {
      lines.append(
        "sent \(file.name) again: it was "
          + (file.damaged ? "damaged on the remote (replaced)" : "missing from the remote"))
    }
    for held in heldBack {
      lines.append(
        "held back replica \(held.replica) from \(held.file) on: \(held.reason)")
    }
    return lines
  }
}
