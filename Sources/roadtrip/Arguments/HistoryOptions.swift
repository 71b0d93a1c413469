import ArgumentParser
import JourneyStore

/// The options of `roadtrip history`: the changes of the last N batches, between dates, in a
/// format. `history` parses them itself, so that its help shows them, and hands them to `show`,
/// which takes the journey's id (a command with subcommands cannot take a value of its own).
struct HistoryOptions: ParsableArguments {
  @Option(help: "Print the changes of at most this many batches (commands, imports, undos), newest first.")
  var limit: Int?

  @OptionGroup var dates: DateFilterOptions

  @OptionGroup var output: ChangeFormatOptions

  func validate() throws {
    if let limit, limit < 0 {
      throw ValidationError("--limit is a number of batches, 0 or more, not \(limit)")
    }
  }
}

extension HistoryOptions {
  /// Whether any option is given: `history prune` takes none of them.
  var isChosen: Bool {
    limit != nil || dates.isFiltering || output.isChosen
  }

  /// Prints the changes, through the pager for a table; says so on a terminal when there are none.
  /// - Parameters:
  ///   - id: Only the changes of this journey (an id or a prefix), or all when `nil`.
  ///   - database: The database's options.
  func printChanges(of id: String?, in database: DatabaseOptions) throws {
    let database = try database.openExisting()
    let journeyID = try id.map { try database.resolveIDInHistory($0) }
    let format = output.resolved
    let isTerminal = BufferedOutput.standard.isTerminal
    var printer = ChangePrinter(format: format) { try? database.lastKnownName(of: $0) }
    var query = ChangeQuery(journeyID: journeyID, batchLimit: limit)
    query.committedDates = try dates.bounds()
    if format == .table { Pager.start() }
    try database.forEachChange(query) { try printer.print($0) }
    try printer.finish()
    if printer.count == 0 && !output.isChosen && isTerminal {
      StandardError.write("No changes yet.\n")
    }
  }
}
