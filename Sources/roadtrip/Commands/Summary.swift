import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip summary [--transport T]... [--since D] [--until D] [--on D] [--search TEXT] [--format F]`
  struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "summary",
      abstract: "Totals by transportation type and by day: how many journeys, how long in all.",
      discussion: """
        Takes the filters of roadtrip list. Days are local days of the start. Prints tables on a \
        terminal; json, ndjson, csv and tsv (the default when piped) have one record a total with \
        the keys group (type, day or total), key, journeys and duration (seconds). A journey \
        another program stored in a form roadtrip cannot read is named on standard error with its \
        repair and left out of the totals, and the exit code is 65.
        """)

    @OptionGroup var filters: FilterOptions

    @OptionGroup var output: FormatOptions<TotalsFormat>

    @OptionGroup var colors: ColorOptions
    @OptionGroup var database: DatabaseOptions

    func run() throws {
      var totals = JourneyTotals()
      var unreadable = UnreadableJourneys()
      var query = try filters.query()
      query.sortField = nil
      try database.openExisting().forEachJourney(query, onUnreadable: { unreadable.leaveOut($0) }) { totals.add($0) }
      let (format, includesHeader) = output.resolved
      if let interchange = format.interchangeFormat {
        try write(totals, as: interchange, includesHeader: includesHeader)
      } else {
        try BufferedOutput.standard.write(totals.tables(style: .standardOutput))
      }
      try unreadable.check()
    }

    private func write(_ totals: JourneyTotals, as format: InterchangeFormat, includesHeader: Bool) throws {
      let output = BufferedOutput.standard
      var writer = RecordWriter(
        format: format, keys: ["group", "key", "journeys", "duration"], includesHeader: includesHeader
      ) { try output.write($0) }
      for (group, key, total) in totals.records {
        try writer.write([.string(group), .string(key), .number(String(total.count)), .number(total.secondsText)])
      }
      try writer.finish()
    }
  }
}

extension Roadtrip.Summary: ColoredCommand {}
