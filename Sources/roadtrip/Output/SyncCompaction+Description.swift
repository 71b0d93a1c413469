import JourneyStore

extension SyncCompaction {
  /// What a compaction wrote and removed, for standard error (after the sync's lines).
  var lines: [String] {
    guard let snapshot else { return ["nothing compacted: the sync could not send"] }
    var lines = [
      (wroteSnapshot ? "wrote \(snapshot)" : "\(snapshot) is on the remote already")
        + " (\(String(counting: journeys, "journey")))"
    ]
    let files = removed.filter { $0.hasSuffix(".rtc") }.count
    let snapshots = removed.count - files
    var line = "removed \(String(counting: files, "change file"))"
    if snapshots > 0 { line += " and \(String(counting: snapshots, "older snapshot"))" }
    line += "; kept \(String(counting: kept, "change file")) still needed"
    if let keptAll { line += " (\(keptAll))" }
    lines.append(line)
    return lines
  }
}
