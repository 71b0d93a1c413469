import ArgumentParser
import FoundationEssentials
import JourneyStore

extension Roadtrip {
  /// `roadtrip list [--transport T]... [--since D] [--until D] [--on D] [--sort KEY[,KEY]...]...
  /// [--limit N] [--format F]`
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
      parsing: .unconditionalSingleValue,
      help: ArgumentHelp(
        "Sort by these fields, the first first: \(JourneyField.all.map(\.name).joined(separator: ", ")); "
          + "-FIELD sorts from the largest down. Separate them with commas or repeat the option "
          + "(--sort name,-start). Names sort case and accents aside. By start date unless given.",
        valueName: "fields"),
      completion: .list(JourneyField.all.map(\.name)))
    var sort: [String] = []

    @Flag(name: .shortAndLong, help: "Reverse the whole order.")
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
      if format == .table {
        // On a terminal the pager opens at today's journeys (below the header), or at the newest.
        let today = isTerminal && limit == nil ? query.todaysIndex(in: database) : nil
        Pager.start(openingAt: today.map { $0.isNewest ? Int.max : $0.index + 2 })
      }
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
      var keys: [JourneyQuery.SortKey] = []
      for text in sort { keys += try JourneyQuery.SortKey.parsingList(text) }
      query.sortKeys = keys.isEmpty ? [JourneyQuery.SortKey(.startDate)] : keys
      query.isReversed = reverse
      query.limit = limit
      return query
    }
  }
}

extension Roadtrip.List: ColoredCommand {}

extension Roadtrip.List {
  /// The command as ArgumentParser would parse it from these options, every other option and
  /// flag at its default (`ListCommandLine`); each property is set on a copy made with `init()`,
  /// as `PositionalCommand` explains.
  static func make(
    filters: FilterOptions, sort: [String], limit: Int?, format: OutputFormat?, fields: String?,
    databasePath: String?
  ) -> Self {
    var command = Self()
    command.filters = filters
    command.sort = sort
    command.reverse = false
    command.limit = limit
    command.output = FormatOptions.make(format: format)
    command.fields = FieldsOptions.make(fields: fields)
    command.colors = ColorOptions.make()
    command.database = DatabaseOptions.make(path: databasePath)
    return command
  }
}
