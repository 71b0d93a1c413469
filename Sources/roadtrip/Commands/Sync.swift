import ArgumentParser
import Glibc
import JourneyStore

extension Roadtrip {
  /// `roadtrip sync [REMOTE]`, `roadtrip sync --status`
  struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Exchange changes with a remote folder, so that several databases hold the same journeys.",
      discussion: """
        Sends this database's changes since its last sync as one new file in REMOTE, and merges \
        the files of the other databases that sync with it, field by field: edits of different \
        fields of a journey both stay; of the same field, the later one wins on every machine and \
        the other is kept ('roadtrip sync conflicts' lists them and puts one back); a delete wins \
        over an edit made without seeing it. What came in is one batch of the history, which \
        'roadtrip undo' takes back. REMOTE is a folder (a USB stick, a share, a folder Syncthing \
        or Dropbox replicates); a missing or empty one becomes a remote. It is remembered: \
        'roadtrip sync' alone uses it. Prints what went out and came in on standard error.
        """,
      subcommands: [Conflicts.self])

    @Argument(help: "The remote folder; default: the one this database synced with.", completion: .directory)
    var remote: String?

    @Flag(help: "Say what waits to be sent and where it goes, touching no remote and writing nothing.")
    var status = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if status, remote != nil {
        throw ValidationError("--status reads the remembered remote; give no REMOTE with it")
      }
      if remote?.isEmpty == true { throw ValidationError("REMOTE needs a path") }
    }

    func run() throws {
      if status { return try printStatus() }
      let journeys = try database.openCreatingIfMissing()
      guard let path = try remote.map(Self.absolute) ?? journeys.syncStatus().remote else {
        throw CommandError.usage("no remote to sync with: give a folder, 'roadtrip sync FOLDER'; it is remembered")
      }
      let summary = try journeys.synchronize(with: FolderRemote(path: path))
      StandardError.write(summary.lines.joined(separator: "\n") + "\n")
      if !summary.refusedFiles.isEmpty {
        throw CommandError.refusedSyncFiles(summary.refusedFiles.map { "\($0.name) (\($0.reason))" })
      }
      if let failure = summary.sendFailure { throw CommandError.cannotSend(failure) }
    }

    private func printStatus() throws {
      let status = try database.openExisting().syncStatus()
      var lines: [String] = []
      if let replica = status.replica {
        lines.append("remote: " + (status.remote.map { "\($0) (\(status.remoteKind ?? "folder"))" } ?? "none"))
        lines.append("replica: \(replica)")
        lines.append("last sync: " + (status.lastSync?.iso8601 ?? "never"))
        lines.append("waiting to be sent: \(status.unsentBatches.counted("batch", "batches")), "
          + status.unsentChanges.counted("change"))
        if status.pendingFiles > 0 {
          lines.append("files written but not on the remote yet: \(status.pendingFiles)")
        }
        if status.openConflicts > 0 {
          lines.append("conflicts: \(status.openConflicts) ('roadtrip sync conflicts' lists them)")
        }
        lines.append(status.isSyncRequired ? "Sync required." : "Up to date (as of the last sync).")
      } else {
        lines.append("never synced: 'roadtrip sync FOLDER' sends every journey and receives the others'")
        lines.append("Sync required.")
      }
      try BufferedOutput.standard.write(lines.joined(separator: "\n") + "\n")
    }

    /// A relative path from the working folder, so that the remembered remote is found from
    /// anywhere.
    private static func absolute(_ path: String) -> String {
      guard !path.hasPrefix("/"), let folder = getcwd(nil, 0) else { return path }
      defer { free(folder) }
      return String(cString: folder) + "/" + path
    }
  }
}

extension SyncSummary {
  /// What a sync did, for standard error.
  var lines: [String] {
    var lines: [String] = []
    if createdRemote { lines.append("made \(remote) a roadtrip remote") }
    if let old = renewedFrom {
      lines.append("another copy of this database synced as replica \(old); this one is replica \(replica) from now on")
    }
    var sent = sentChanges > 0 ? "sent \(sentChanges.counted("change")) in \(max(sentFiles, 1).counted("file"))" : "nothing to send"
    if sentChanges == 0 && sentFiles > 0 { sent = "sent \(sentFiles.counted("file")) of an earlier sync" }
    var received = "nothing new received"
    if receivedChanges > 0 {
      received = "received \(receivedChanges.counted("change")) from \(receivedFrom.count.counted("replica")): "
        + "\(journeysChanged.counted("journey")) changed"
      if conflicts > 0 {
        received += ", \(conflicts.counted("conflict")) ('roadtrip sync conflicts' lists "
          + (conflicts == 1 ? "it)" : "them)")
      }
    }
    lines.append(sent + "; " + received)
    return lines
  }
}

private extension Int {
  func counted(_ singular: String, _ plural: String? = nil) -> String {
    String(counting: self, singular, plural: plural)
  }
}
