import ArgumentParser
import FoundationEssentials
import JourneyStore

extension Roadtrip {
  /// `roadtrip watch [ID...] [--format ndjson|table] [--count N]`
  struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print every change committed by any process from now on, one line each.",
      discussion: """
        Runs until interrupted (Ctrl-C ends it cleanly, with exit code 0) or until --count changes \
        are printed. It sleeps while nothing happens, and wakes when the database file is \
        written. Lines have the format of roadtrip history. ndjson is the stream for other \
        programs (one object a line, each written as its change commits); json writes the same \
        objects as one array, closed when --count is reached or on Ctrl-C, for `--count N --json | jq`.
        """)

    @Argument(help: "Only changes of these journeys: ids or unique prefixes of at least 4 hex digits.", completion: JourneyCompletion.ids)
    var ids: [String] = []

    @Option(help: "The output format. Default: table on a terminal, else ndjson.")
    var format: ChangeFormat?

    @Flag(help: "Short for --format json.")
    var json = false

    @Option(help: "Stop after printing this many changes.")
    var count: Int?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if json, let format, format != .json {
        throw ValidationError("--json is short for --format json; give one of them")
      }
      if let count, count < 1 {
        throw ValidationError("--count is a number of changes, 1 or more, not \(count)")
      }
    }

    func run() throws {
      Interruption.catchSignals()
      let path = try database.resolvedPath()
      let monitor = DatabaseMonitor(path: path)
      var printer = ChangePrinter(format: ChangeFormat.resolved(json ? .json : format))
      // A database that does not exist yet is watched from its creation on.
      while try !database.databaseExists() {
        guard !Interruption.hasHappened else { return try printer.finish() }
        _ = monitor.wait(timeout: .milliseconds(250))
      }
      let database = try self.database.openExisting()
      let journeys = try Set(ids.map { try database.resolveIDInHistory($0) })
      var position = try database.followChanges()
      let limit = count ?? .max
      while printer.count < limit {
        let committed = try database.waitForCommit(using: monitor, timeout: .seconds(1)) { Interruption.hasHappened }
        guard !Interruption.hasHappened else { break }
        guard committed else { continue }
        try database.forEachChange(ChangeQuery(after: position, isNewestFirst: false)) { change in
          position = change.id
          guard printer.count < limit, journeys.isEmpty || journeys.contains(change.journeyID) else { return }
          try printer.print(change)
        }
        try printer.flush()
      }
      try printer.finish()
    }
  }
}
