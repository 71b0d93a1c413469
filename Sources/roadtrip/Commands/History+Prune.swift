import ArgumentParser
import FoundationEssentials
import JourneyStore

extension Roadtrip.History {
  /// `roadtrip history prune (--keep N | --before DATE) [--yes]`
  struct Prune: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "prune",
      abstract: "Drop the oldest batches of the change log.",
      usage: "roadtrip history prune (--keep <n> | --before <date>) [--yes] [-q] [--db <path>]",
      discussion: """
        The journeys are not touched: only their history goes, and undo stops at the first batch \
        kept. It asks first on a terminal; elsewhere it needs --yes. 'roadtrip db vacuum' then \
        gives the space back to the file system.
        """)

    @Option(help: "Keep the newest N batches.")
    var keep: Int?

    @Option(
      parsing: .unconditional,
      help: "Drop the batches committed before this date (ISO 8601, local time unless it says otherwise; or -30d, monday (the most recent), last-week, …).")
    var before: String?

    @Flag(name: .shortAndLong, help: "Prune without asking.")
    var yes = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors (for scripts and timers).")
    var quiet = false

    @OptionGroup var database: DatabaseOptions

    /// The options of `history`, which ArgumentParser reads for it wherever they stand on the
    /// command line (`history prune --limit 3` too): refused here rather than ignored.
    @OptionGroup(visibility: .private) var historyOptions: HistoryOptions

    func validate() throws {
      if historyOptions.isChosen {
        throw ValidationError(
          "--limit, --since, --until, --on, --format and --json are options of 'roadtrip history', which "
            + "prune does not take; prune takes --keep N or --before DATE")
      }
      if keep != nil, before != nil {
        throw ValidationError("--keep and --before each say what to keep; give one of them, not both")
      }
      guard keep != nil || before != nil else {
        throw ValidationError("say what to keep: --keep N or --before DATE (one of them)")
      }
      if let before {
        _ = try ValidationError.checking { () throws(JourneyInputError) in try DateExpression.period(before) }
      }
      if let keep, keep < 1 {
        throw ValidationError("--keep is a number of batches, 1 or more, not \(keep)")
      }
    }

    func run() throws {
      let pruning: HistoryPruning
      let action: String
      if let keep {
        pruning = .keepingLast(keep)
        action = "drop all but the newest \(keep) batches of the change log"
      } else {
        // A date as a filter reads it: `--before monday` is this week's Monday.
        let date = try DateExpression.period(before ?? "").start
        pruning = .before(date)
        action = "drop the batches of the change log committed before \(date.localText)"
      }
      guard try database.databaseExists() else {
        throw CommandError.noDatabase(path: try database.resolvedPath(), action: "nothing to prune")
      }
      let database = try self.database.openExisting()
      if !yes {
        try Confirmation(action: action, outcomeIfDeclined: "nothing was dropped").ask()
      }
      let summary = try database.pruneHistory(pruning)
      if quiet { return }
      if let newest = summary.newestDropped {
        StandardError.write(
          "Dropped \(summary.batches) batch\(summary.batches == 1 ? "" : "es") (\(summary.changes) "
            + "change\(summary.changes == 1 ? "" : "s")), the newest from \(newest.localText); "
            + "'roadtrip db vacuum' gives the space back.\n")
      } else {
        StandardError.write("Nothing to drop.\n")
      }
    }
  }
}
