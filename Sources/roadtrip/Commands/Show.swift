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
        given or - reads them (even if it reads one), so that a script always gets the same shape.
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
      let resolved = try names.resolve(in: database)
      guard !resolved.isEmpty else {
        throw CommandError.usage("standard input held no journey ids; pipe ids in, one a line, as roadtrip list --format ids prints them")
      }
      let journeys = try database.reading {
        try resolved.map { id in
          guard let journey = try database.journey(id: id) else {
            throw JourneyDatabaseError.journeyNotFound(id.uuidString.lowercased())
          }
          return journey
        }
      }
      try print(journeys, asOne: ids.count == 1 && ids[0] != JourneyIDs.standardInput)
    }

    /// Prints the journeys in the format asked for.
    /// - Parameter asOne: Whether one id was given (not `-`): JSON is then an object, not an array.
    private func print(_ journeys: [Journey], asOne: Bool) throws {
      switch json ? ShowFormat.json : format {
      case .card:
        let width = TerminalSize.fittingColumns(of: .standard)
        let cards = journeys.map { JourneyCard(journey: $0, style: .standardOutput, width: width).rendered }
        try BufferedOutput.standard.write(cards.joined(separator: "\n"))
      case let format:
        let listFormat = format == .json && asOne ? .ndjson : format.outputFormat ?? .table
        var printer = JourneyPrinter(format: listFormat)
        for journey in journeys { try printer.print(journey) }
        try printer.finish()
      }
    }
  }
}

extension Roadtrip.Show: ColoredCommand {}
