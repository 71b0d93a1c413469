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
      help: """
        The remote: a folder, or a git repository (a URL, user@host:path, a path ending in .git \
        or a local repository); default: the one this database synced with.
        """,
      completion: .directory)
    var remote: String?

    @Option(
      name: .customLong("secret-file"),
      help: ArgumentHelp(
        """
        The secret of an encrypted remote: a file's bytes (one trailing newline dropped; \
        --secret-file <(pass show roadtrip) works too). Wins over ROADTRIP_SYNC_SECRET. A new \
        remote synced with a secret is encrypted.
        """, valueName: "file"),
      completion: .file())
    var secretFile: String?

    @Option(
      name: .customLong("new-remote"),
      help: ArgumentHelp(
        """
        Start syncing with a new remote when the old one is lost: sends everything this \
        database holds; every other database joins it the same way, and nothing is lost.
        """, valueName: "remote"),
      completion: .directory)
    var newRemote: String?

    @Flag(
      help: "Say what waits to be sent and where it goes, touching no remote and writing nothing.")
    var status = false

    @Flag(
      help: """
        After syncing, write a snapshot of every journey to the remote and remove the change \
        files it covers that every database syncing with it has applied.
        """)
    var compact = false

    @Flag(help: "With --status: print the status as one JSON object.")
    var json = false

    @Flag(
      name: .shortAndLong,
      help: "Print nothing but errors and warnings: for cron and timers, which mail what a job prints.")
    var quiet = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if json, !status {
        throw ValidationError("--json is for --status; a sync says what it did on standard error")
      }
      if status, remote != nil {
        throw ValidationError("--status reads the remembered remote; give no REMOTE with it")
      }
      if status, secretFile != nil {
        throw ValidationError("--status touches no remote and needs no secret; give no --secret-file")
      }
      if status, compact {
        throw ValidationError("--status writes nothing; give --compact without it")
      }
      if status, newRemote != nil {
        throw ValidationError("--status touches no remote; give --new-remote without it")
      }
      if newRemote != nil, remote != nil {
        throw ValidationError("--new-remote names the remote; give no REMOTE with it")
      }
      if newRemote != nil, compact {
        throw ValidationError(
          "--new-remote sends a snapshot already; run 'roadtrip sync --compact' after it")
      }
      if remote?.isEmpty == true || newRemote?.isEmpty == true {
        throw ValidationError("REMOTE needs a path")
      }
    }

    func run() throws {
      if status { return try printStatus() }
      try Self.exchange(
        remote: remote, newRemote: newRemote, secretFile: secretFile, compact: compact,
        quiet: quiet, database: database)
    }

    /// The sync itself, given the command line's values (`run()`; `SyncCommandLine` calls it
    /// directly, with no command made).
    static func exchange(
      remote given: String?, newRemote: String? = nil, secretFile: String? = nil,
      compact: Bool = false, quiet: Bool, database: some DatabaseChoice
    ) throws {
      CreatedDatabase.isQuiet = quiet
      let secret = try secret(fromFile: secretFile)
      // The remembered remote is read without creating the database: with none, nothing is left
      // behind. An existing database is opened once, for both.
      var opened: JourneyDatabase?
      let remote: any SyncRemote
      if let location = given ?? newRemote {
        remote = JourneyDatabase.remote(for: location)
      } else {
        let existing =
          try database.databaseExists() ? database.openCreatingIfMissing() : database.openExisting()
        guard let remembered = try existing.rememberedRemote() else {
          throw CommandError.usage(
            "no remote to sync with: give a folder or a git repository, 'roadtrip sync REMOTE'; "
              + "it is remembered")
        }
        remote = remembered
        opened = existing
      }
      let journeys = try opened ?? database.openCreatingIfMissing()
      let summary: SyncSummary
      // On a terminal, the changes sent and received so far; nothing when stderr is piped.
      let progress = ProgressLine(isShown: !quiet) {
        "Syncing… " + String(counting: $0, "change") + " sent and received"
      }
      defer { progress.clear() }
      // A clone or fetch counts nothing, and may take long.
      progress.start("Syncing with \(remote.shownLocation)…")
      if compact {
        let compaction = try journeys.compact(
          with: remote, secret: secret, progress: progress.report)
        progress.clear()
        summary = compaction.sync
        say(summary.lines + compaction.lines, quiet: quiet)
      } else {
        summary = try journeys.synchronize(
          with: remote, secret: secret, startingNewRemote: newRemote != nil,
          progress: progress.report)
        progress.clear()
        var lines = summary.lines
        if newRemote != nil, summary.sentSnapshot == nil, !summary.createdRemote {
          lines.insert(
            "\(remote.shownLocation) is this database's remote already: synced as usual", at: 0)
        }
        say(lines, quiet: quiet)
      }
      // Files refused and a send that failed are both said; the send's failure (74: try again)
      // is the exit code, for a script that retries.
      var failures: [any Error] = []
      if !summary.refusedFiles.isEmpty {
        failures.append(
          CommandError.refusedSyncFiles(summary.refusedFiles.map { "\($0.name) (\($0.reason))" }))
      }
      if let error = summary.sendError {
        failures.append(error)
      } else if let failure = summary.sendFailure {
        failures.append(CommandError.cannotSend(failure))
      }
      if failures.count > 1 { throw CommandError.several(failures) }
      if let failure = failures.first { throw failure }
    }

    /// Writes the summary's lines on standard error, unless `--quiet`.
    private static func say(_ lines: [String], quiet: Bool) {
      guard !quiet else { return }
      StandardError.write(lines.joined(separator: "\n") + "\n")
    }

    private func printStatus() throws {
      let status = try database.openExisting().syncStatus()
      if json { return try BufferedOutput.standard.write(Self.json(of: status)) }
      var lines: [String] = []
      if let replica = status.replica {
        lines.append(
          "remote: " + (status.shownRemote.map { "\($0) (\(status.remoteKind ?? "folder"))" } ?? "none"))
        lines.append("replica: \(replica)")
        lines.append("last exchange: " + (status.lastSync?.localText ?? "never"))
        lines.append(
          "waiting to be sent: \(String(counting: status.unsentBatches, "batch", plural: "batches")), "
            + String(counting: status.unsentChanges, "change"))
        if status.pendingFiles > 0 {
          lines.append("files written but not on the remote yet: \(status.pendingFiles)")
        }
        for held in status.heldBack {
          lines.append(
            "held back: replica \(held.replica.escapingControlCharacters) from "
              + "\(held.file.escapingControlCharacters) on: \(held.reason.escapingControlCharacters)")
        }
        if status.openConflicts > 0 {
          lines.append("conflicts: \(status.openConflicts) ('roadtrip sync conflicts' lists them)")
        }
        lines.append(status.isSyncRequired ? "Sync required." : "Up to date (as of the last sync).")
      } else {
        lines.append(
          "never synced: 'roadtrip sync REMOTE' sends every journey and receives the others'")
        lines.append("Sync required.")
      }
      try BufferedOutput.standard.write(lines.joined(separator: "\n") + "\n")
    }

    /// The secret from `--secret-file`, else from `ROADTRIP_SYNC_SECRET`, or `nil`; a secret file
    /// that others may read is used with a warning.
    private static func secret(fromFile secretFile: String?) throws -> SyncSecret? {
      guard let secretFile else {
        // Set but empty is refused (exit 64), not read as unset: a script must not sync in plain.
        return try SyncSecret.fromProcessEnvironment()
      }
      let secret = try SyncSecret(fileAt: secretFile)
      if let warning = secret.permissionWarning {
        StandardError.write("roadtrip: warning: \(warning)\n")
      }
      return secret
    }
  }
}

extension Roadtrip.Sync.Exchange {
  /// `sync --status --json`: one object with the keys remote (as shown: no credentials),
  /// remoteKind, replica, lastSync (UTC, or null), unsentBatches, unsentChanges, pendingFiles,
  /// heldBack (objects with replica, file, reason), openConflicts and syncRequired; null where a
  /// database that never synced has nothing to say.
  static func json(of status: SyncStatus) -> String {
    var object = JSONObjectText()
    object.append("remote", status.shownRemote.map { .string($0) } ?? .null)
    object.append("remoteKind", status.remoteKind.map { .string($0) } ?? .null)
    object.append("replica", status.replica.map { .string($0) } ?? .null)
    object.append("lastSync", status.lastSync.map { .string($0.iso8601) } ?? .null)
    object.append("unsentBatches", .number(String(status.unsentBatches)))
    object.append("unsentChanges", .number(String(status.unsentChanges)))
    object.append("pendingFiles", .number(String(status.pendingFiles)))
    object.append(
      "heldBack",
      objects: status.heldBack.map { held in
        var entry = JSONObjectText()
        entry.append("replica", .string(held.replica))
        entry.append("file", .string(held.file))
        entry.append("reason", .string(held.reason))
        return entry
      })
    object.append("openConflicts", .number(String(status.openConflicts)))
    object.append("syncRequired", .bool(status.isSyncRequired))
    return object.text + "\n"
  }
}
