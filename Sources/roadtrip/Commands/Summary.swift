import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip summary [--transport T]... [--since D] [--until D] [--on D] [--search TEXT] [--by G] [--format F]`
  struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "summary",
      abstract: "Totals by transportation type and by day, week or month: how many journeys, how long in all.",
      discussion: """
        Takes the filters of roadtrip list: --on this-week is this week's journeys, planned ones \
        included; --since alone keeps every later journey. Days, weeks and months are local ones \
        of the start; a week is named by its first day, the first day of the week set by \
        'roadtrip config week.start' (Monday by default). Without --by, totals by type and by \
        day. Prints tables on a terminal, each total with a bar of its time; json, ndjson, csv \
        and tsv (the default when piped) have one record a total with the keys group (type, day, \
        week, month or total), key, journeys and duration (seconds). A journey \
        another program stored in a form roadtrip cannot read is named on standard error with its \
        repair and left out of the totals, and the exit code is 65.
        """)

    @OptionGroup var filters: FilterOptions

    @Option(help: ArgumentHelp("Add up by one of these alone.", valueName: "grouping"))
    var by: SummaryGrouping?

    @OptionGroup var output: FormatOptions<TotalsFormat>

    @OptionGroup var colors: ColorOptions
    @OptionGroup var database: DatabaseOptions

    func run() throws {
      var totals = JourneyTotals(grouping: by)
      var unreadable = UnreadableJourneys()
      var query = try filters.query()
      query.sortField = nil
      try database.openExisting().forEachJourney(query, onUnreadable: { unreadable.leaveOut($0) }) { totals.add($0) }
      let (format, includesHeader) = output.resolved
      if let interchange = format.interchangeFormat {
        try write(totals, as: interchange, includesHeader: includesHeader)
      } else {
        // Bars beside the numbers, as long as the terminal leaves room for.
        let barWidth = BufferedOutput.standard.isTerminal ? min(40, TerminalSize.listingColumns - 44) : 0
        try BufferedOutput.standard.write(totals.tables(style: .standardOutput, barWidth: barWidth >= 8 ? barWidth : 0))
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
