import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip show ID... [--format F]`
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show journeys, each as a card by default.",
      usage: "roadtrip show ID... [--format <format>] [--json] [--color <when>] [--db <path>]",
      discussion: """
        Cards are separated by a blank line; other formats print the journeys as list does. \
        --format json prints one JSON object for one id, and an array when several ids are \
        given or - reads them (even if it reads one or none), so that a script always gets the \
        same shape; set, transport and delete --json follow the same rule. - reading no ids \
        shows nothing.
        """)

    @Argument(
      help: ArgumentHelp(
        "The journeys: ids, unique prefixes of at least 4 hex digits, or - to read them from standard input.",
        valueName: "ID"),
      completion: JourneyCompletion.ids)
    var ids: [String] = []

    @Option(help: "The output format.")
    var format = ShowFormat.card

    @Flag(help: "Short for --format json.")
    var json = false

    @OptionGroup var colors: ColorOptions
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      try JourneyIDs(arguments: ids).validate()
      if json && format != .card && format != .json {
        throw ValidationError("--json is short for --format json; give one of them")
      }
    }

    func run() throws {
      let database = try self.database.openExisting()
      let names = JourneyIDs(arguments: ids)
      // Standard input that holds no ids names no journeys: nothing to show, as for every command.
      let resolved = try names.resolve(in: database)
      let journeys = try database.reading {
        try resolved.map { id in
          guard let journey = try database.journey(id: id) else {
            throw JourneyDatabaseError.journeyNotFound(id.uuidString.lowercased())
          }
          return journey
        }
      }
      try print(journeys, namedBy: names)
    }

    /// Prints the journeys in the format asked for; JSON in the shape `namesOneJourney` says.
    private func print(_ journeys: [Journey], namedBy names: JourneyIDs) throws {
      switch json ? ShowFormat.json : format {
      case .card:
        let width = TerminalSize.fittingColumns(of: .standard)
        let cards = journeys.map { JourneyCard(journey: $0, style: .standardOutput, width: width).rendered }
        try BufferedOutput.standard.write(cards.joined(separator: "\n"))
      case .json:
        try names.printJSON(journeys)
      case let format:
        var printer = JourneyPrinter(format: format.outputFormat ?? .table)
        for journey in journeys { try printer.print(journey) }
        try printer.finish()
      }
    }
  }
}

extension Roadtrip.Show: ColoredCommand {}
