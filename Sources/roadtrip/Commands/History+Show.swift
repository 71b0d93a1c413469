import ArgumentParser
import FoundationEssentials
import JourneyStore

extension Roadtrip.History {
  /// `roadtrip history [show] [ID] [--limit N] [--format table|json|ndjson]`
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show the change log, newest first: when, which command, which journey, which field, old and new value.",
      discussion: """
        Every committed insert, update and delete is in the log, grouped in batches (one command, \
        one import, one undo). An insert has no field; a delete lists each field's last value. \
        JSON objects have the keys batch, at, command, journey, change, field, old and new (the \
        last three only where they apply). Changes that programs other than roadtrip commit \
        (the sqlite3 shell, a script) are there too, with the origin 'outside roadtrip'. \
        'roadtrip history prune' drops old batches.
        """)

    @Argument(
      help: "Only the changes of this journey: its id or a unique prefix of at least 4 hex digits; deleted journeys count.",
      completion: JourneyCompletion.ids)
    var id: String?

    @Option(help: "Print the changes of at most this many batches (commands, imports, undos), newest first.")
    var limit: Int?

    @Option(
      parsing: .unconditional,
      help: "Only the batches committed at or after this date (ISO 8601, local time unless it says otherwise; or today, -2h, monday, …).")
    var since: String?

    @Option(parsing: .unconditional, help: "Only the batches committed before this date.")
    var until: String?

    @Option(help: "The output format. Default: table on a terminal, else ndjson.")
    var format: ChangeFormat?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if let limit, limit < 0 {
        throw ValidationError("--limit is a number of batches, 0 or more, not \(limit)")
      }
    }

    func run() throws {
      let database = try self.database.openExisting()
      let journeyID = try id.map { try database.resolveIDInHistory($0) }
      let format = ChangeFormat.resolved(format)
      let isTerminal = BufferedOutput.standard.isTerminal
      var printer = ChangePrinter(format: format) { try? database.lastKnownName(of: $0) }
      let query = ChangeQuery(
        journeyID: journeyID, batchLimit: limit,
        since: try since.map { text throws(JourneyInputError) in try DateExpression.date(text) },
        until: try until.map { text throws(JourneyInputError) in try DateExpression.date(text) })
      if format == .table { Pager.start() }
      try database.forEachChange(query) { try printer.print($0) }
      try printer.finish()
      if printer.count == 0 && self.format == nil && isTerminal {
        StandardError.write("No changes yet.\n")
      }
    }
  }
}
