import ArgumentParser
import Glibc
import JourneyStore

extension Roadtrip.Sync {
  /// `roadtrip sync [REMOTE]`, `roadtrip sync --status`: the sync itself, `sync`'s default.
  struct Exchange: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "exchange",
      abstract: "Send and receive changes (what 'roadtrip sync' does).",
      shouldDisplay: false)

    @Argument(
      help: "The remote folder; default: the one this database synced with.", completion: .directory
    )
    var remote: String?

    @Flag(
      help: "Say what waits to be sent and where it goes, touching no remote and writing nothing.")
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
        throw CommandError.usage(
          "no remote to sync with: give a folder, 'roadtrip sync FOLDER'; it is remembered")
      }
      let summary = try journeys.synchronize(with: FolderRemote(path: path))
      StandardError.write(summary.lines.joined(separator: "\n") + "\n")
      if !summary.refusedFiles.isEmpty {
        throw CommandError.refusedSyncFiles(
          summary.refusedFiles.map { "\($0.name) (\($0.reason))" })
      }
      if let failure = summary.sendFailure { throw CommandError.cannotSend(failure) }
    }

    private func printStatus() throws {
      let status = try database.openExisting().syncStatus()
      var lines: [String] = []
      if let replica = status.replica {
        lines.append(
          "remote: " + (status.remote.map { "\($0) (\(status.remoteKind ?? "folder"))" } ?? "none"))
        lines.append("replica: \(replica)")
        lines.append("last exchange: " + (status.lastSync?.iso8601 ?? "never"))
        lines.append(
          "waiting to be sent: \(String(counting: status.unsentBatches, "batch", plural: "batches")), "
            + String(counting: status.unsentChanges, "change"))
        if status.pendingFiles > 0 {
          lines.append("files written but not on the remote yet: \(status.pendingFiles)")
        }
        if status.openConflicts > 0 {
          lines.append("conflicts: \(status.openConflicts) ('roadtrip sync conflicts' lists them)")
        }
        lines.append(status.isSyncRequired ? "Sync required." : "Up to date (as of the last sync).")
      } else {
        lines.append(
          "never synced: 'roadtrip sync FOLDER' sends every journey and receives the others'")
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
