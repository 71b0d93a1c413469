import ArgumentParser
import FoundationEssentials
import JourneyStore

extension Roadtrip {
  /// `roadtrip list [--transport T]... [--since D] [--until D] [--on D] [--sort KEY] [--limit N] [--format F]`
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List journeys, by start date unless sorted otherwise.",
      discussion: """
        Prints a table on a terminal, and tab-separated lines without a header when piped \
        (id, name, transportationType, startDate, duration, endDate), so that \
        `roadtrip list --transport car | roadtrip transport - bike` works as it reads. A journey \
        another program stored in a form roadtrip cannot read is named on standard error with its \
        repair, the others are listed, and the exit code is 65.
        """,
      aliases: ["ls"])

    @OptionGroup var filters: FilterOptions

    @Option(
      help: ArgumentHelp(
        "Sort by this field: \(JourneyField.all.map(\.name).joined(separator: ", ")).", valueName: "field"),
      completion: .list(JourneyField.all.map(\.name)))
    var sort = JourneyField.startDate.name

    @Flag(name: .shortAndLong, help: "Sort from the largest value down.")
    var reverse = false

    @Option(help: "Print at most this many journeys.")
    var limit: Int?

    @OptionGroup var output: FormatOptions<OutputFormat>
    @OptionGroup var fields: FieldsOptions
    @OptionGroup var colors: ColorOptions
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if let limit, limit < 0 {
        throw ValidationError("--limit is a number of journeys, 0 or more, not \(limit)")
      }
      _ = try ValidationError.checking { () throws(JourneyInputError) in try query() }
      if fields.isChosen && output.resolved.format == .ids {
        throw ValidationError("--format ids prints ids only; leave out --fields, or choose another format")
      }
    }

    func run() throws {
      let query = try query()
      let (format, includesHeader) = output.resolved
      var printer = JourneyPrinter(format: format, includesHeader: includesHeader, keys: try fields.keys())
      let isTerminal = BufferedOutput.standard.isTerminal
      let database = try self.database.openExisting()
      if format == .table { Pager.start() }
      var unreadable = UnreadableJourneys()
      try printer.print(query, from: database, onUnreadable: { unreadable.leaveOut($0) })
      try printer.finish()
      if printer.count == 0 && unreadable.count == 0 && format == .table && isTerminal {
        StandardError.write(try emptyMessage())
      }
      try unreadable.check()
    }

    /// Why a table is empty: no database yet, no journey matches the filters, or no journeys.
    private func emptyMessage() throws -> String {
      guard try database.databaseExists() else {
        return "No database at \(try database.resolvedPath()) yet; roadtrip add NAME creates it.\n"
      }
      if filters.isFiltering {
        return "No journey matches these filters; roadtrip list without them shows every journey.\n"
      }
      return "No journeys. Add one with: roadtrip add NAME\n"
    }

    /// The query the options describe: the filters', sorted and limited.
    private func query() throws(JourneyInputError) -> JourneyQuery {
      var query = try filters.query()
      query.sortField = try JourneyField.named(sort)
      query.isDescending = reverse
      query.limit = limit
      return query
    }
  }
}

extension Roadtrip.List: ColoredCommand {}
