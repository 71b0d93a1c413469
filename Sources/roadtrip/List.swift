import ArgumentParser
import JourneyStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Roadtrip {
  /// `roadtrip list [--transport T]... [--since D] [--until D] [--sort KEY] [--limit N] [--format F]`
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List journeys, by start date unless sorted otherwise.",
      discussion: """
        Prints a table on a terminal, and tab-separated lines without a header when piped \
        (id, name, transportationType, startDate, duration, endDate), so that \
        `roadtrip list --transport car | roadtrip transport - bike` works as it reads.
        """,
      aliases: ["ls"])

    @Option(
      help: .transportationType("Keep journeys of this type; repeat it to keep several types."),
      completion: TransportationType.completion, transform: TransportationType.argument)
    var transport: [TransportationType] = []

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Keep journeys that start at or after this date (ISO 8601, today, monday, -2d, …).", valueName: "date"))
    var since: String?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Keep journeys that start before this date (ISO 8601, tomorrow, +1w, …).", valueName: "date"))
    var until: String?

    @Option(
      help: ArgumentHelp(
        "Sort by this field: \(JourneyField.all.map(\.name).joined(separator: ", ")).", valueName: "field"),
      completion: .list(JourneyField.all.map(\.name)))
    var sort = JourneyField.startDate.name

    @Option(help: ArgumentHelp("Keep journeys whose name contains this text, ignoring case.", valueName: "text"))
    var search: String?

    @Flag(name: .shortAndLong, help: "Sort from the largest value down.")
    var reverse = false

    @Option(help: "Print at most this many journeys.")
    var limit: Int?

    @OptionGroup var output: FormatOptions
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if let limit, limit < 0 {
        throw ValidationError("--limit is a number of journeys, 0 or more, not \(limit)")
      }
      _ = try ValidationError.checking { () throws(JourneyInputError) in try query() }
    }

    func run() throws {
      let query = try query()
      let (format, includesHeader) = output.resolved
      var printer = JourneyPrinter(format: format, includesHeader: includesHeader)
      let isTerminal = BufferedOutput.standard.isTerminal
      let database = try self.database.openExisting()
      if format == .table { Pager.start() }
      if let search {
        try printMatches(of: search, in: query, from: database, to: &printer)
      } else {
        try printer.print(query, from: database)
      }
      try printer.finish()
      if printer.count == 0 && format == .table && isTerminal {
        StandardError.write(try emptyMessage())
      }
    }

    /// Prints the journeys whose name contains `text`, ignoring case, up to `--limit`.
    private func printMatches(
      of text: String, in query: JourneyQuery, from database: JourneyDatabase, to printer: inout JourneyPrinter
    ) throws {
      var query = query
      query.limit = nil
      let text = text.lowercased()
      try database.forEachJourney(query) { journey in
        guard printer.count < limit ?? .max, journey.name.lowercased().contains(text) else { return }
        try printer.print(journey)
      }
    }

    /// Why a table is empty: no database yet, no journey matches the filters, or no journeys.
    private func emptyMessage() throws -> String {
      guard try database.databaseExists() else {
        return "No database at \(try database.resolvedPath()) yet; roadtrip add NAME creates it.\n"
      }
      if !transport.isEmpty || since != nil || until != nil || search != nil {
        return "No journey matches these filters; roadtrip list without them shows every journey.\n"
      }
      return "No journeys. Add one with: roadtrip add NAME\n"
    }

    /// The query the options describe; dates are read by the `startDate` field's parser.
    private func query() throws(JourneyInputError) -> JourneyQuery {
      JourneyQuery(
        transportationTypes: Set(transport),
        startingFrom: try since.map { text throws(JourneyInputError) in try DateExpression.date(text) },
        startingBefore: try until.map { text throws(JourneyInputError) in try DateExpression.date(text) },
        sortField: try JourneyField.named(sort),
        isDescending: reverse,
        limit: limit)
    }
  }
}
