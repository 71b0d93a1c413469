import ArgumentParser
import FoundationEssentials
import JourneyStore

extension Roadtrip {
  /// `roadtrip watch [ID...] [--format ndjson|json|table] [--count N]`
  struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "watch",
      abstract: "Print every change committed by any process from now on, one line each.",
      discussion: """
        Runs until interrupted (Ctrl-C ends it cleanly, with exit code 0) or until the changes of \
        --count batches are printed: a batch is what one command committed (a set of several \
        fields, an import, an undo) or one statement of another program, and its lines are \
        printed whole, as history --limit counts them. It sleeps while nothing happens, and \
        wakes when the database file is written. A database that does not exist yet (nor its \
        folder) is waited for, and every change from its creation on is printed; watch itself \
        creates nothing. Lines have the format of roadtrip history, one a change of one field. \
        ndjson is the stream for other programs (one object a line, each written as its change \
        commits); json writes the same objects as one array, closed when --count is reached or \
        on Ctrl-C, for `--count N --json | jq`. On a terminal it first says, on standard error, \
        which database it watches.
        """)

    @Argument(help: "Only changes of these journeys: ids or unique prefixes of at least 4 hex digits.", completion: JourneyCompletion.ids)
    var ids: [String] = []

    @OptionGroup var output: ChangeFormatOptions

    @Option(
      help: """
        Stop after printing the changes of this many batches (commands, imports, undos, other \
        programs' statements), each whole.
        """)
    var count: Int?

    @OptionGroup var colors: ColorOptions
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if let count, count < 1 {
        throw ValidationError("--count is a number of batches, 1 or more, not \(count)")
      }
    }

    func run() throws {
      Interruption.catchSignals()
      let path = try database.resolvedPath()
      var monitor = DatabaseMonitor(path: path)
      var printer = ChangePrinter(format: output.resolved) { id in
        (try? self.database.openExisting()).flatMap { try? $0.lastKnownName(of: id) }
      }
      var journeys: Set<UUID>?
      // When the file is deleted and created again, or another file is moved in its place, the
      // changes committed to the new file since the old one was last seen are new.
      var replacedSince: Date?
      // A person at a terminal sees that it runs, and how it ends; a program reading the stream
      // gets nothing but changes.
      if StandardError.isTerminal {
        StandardError.write("roadtrip: watching \(path.escapingControlCharacters) for changes; Ctrl-C stops\n")
      }
      while printer.batchCount < (count ?? .max) {
        // A database that does not exist yet is watched from its creation on: every change it
        // holds once it appears is new, the write that created it included. Its folder may not
        // exist yet either: the monitor watches it from the moment it does.
        var since = replacedSince
        while try !database.databaseExists() {
          guard !Interruption.hasHappened else { return try printer.finish() }
          if monitor.fileDescriptor < 0 { monitor = DatabaseMonitor(path: path) }
          _ = monitor.wait(timeout: .milliseconds(250))
          since = .distantPast
        }
        if monitor.fileDescriptor < 0 { monitor = DatabaseMonitor(path: path) }
        guard let lastSeen = try follow(path, monitor: monitor, printer: &printer, journeys: &journeys, since: since)
        else { break }
        replacedSince = lastSeen
      }
      try printer.finish()
    }

    /// Prints the changes committed to the file at `path` as they come, until the changes of
    /// `--count` batches are printed, a signal arrives, or another file takes its place; with
    /// `since`, first the changes the file already holds from that moment on.
    /// - Returns: When the file was last seen in place, if another file took its place.
    private func follow(
      _ path: String, monitor: DatabaseMonitor, printer: inout ChangePrinter, journeys: inout Set<UUID>?,
      since: Date?
    ) throws -> Date? {
      let identity = FileIdentity(path: path)
      let database = try self.database.openExisting()
      let wanted = try journeys ?? Set(ids.map { try database.resolveIDInHistory($0) })
      journeys = wanted
      var position = try database.followChanges()
      var lastSeen = Date()
      let limit = count ?? .max
      var isFirstLook = since != nil
      while printer.batchCount < limit {
        if !isFirstLook {
          let committed = try database.waitForCommit(using: monitor, timeout: .seconds(1)) {
            guard FileIdentity(path: path) == identity, !database.isFileReplaced else { return true }
            lastSeen = Date()
            return Interruption.hasHappened
          }
          guard !Interruption.hasHappened else { return nil }
          if FileIdentity(path: path) != identity || database.isFileReplaced {
            StandardError.write("roadtrip: \(path) was replaced by another file; watching that one\n")
            return lastSeen
          }
          guard committed else { continue }
          // A restored backup (roadtrip db restore) replaced the log with an older one.
          let end = try database.followChanges()
          if end < position {
            StandardError.write("roadtrip: \(path) was restored from a backup; watching it from here\n")
            position = end
            continue
          }
        }
        let after: JourneyChange.ID? = isFirstLook ? nil : position
        try database.forEachChange(ChangeQuery(after: after, isNewestFirst: false)) { change in
          position = max(position, change.id)
          guard wanted.isEmpty || wanted.contains(change.journeyID) else { return }
          if isFirstLook, let since, change.date < since { return }
          // The batch that reaches --count is printed whole; none after it.
          guard printer.continuesBatch(change) || printer.batchCount < limit else { return }
          try printer.print(change)
        }
        isFirstLook = false
        try printer.flush()
      }
      return nil
    }
  }
}

extension Roadtrip.Watch: ColoredCommand {}
