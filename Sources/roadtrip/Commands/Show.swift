import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip show ID [--format F]`
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show one journey, as a card by default.",
      discussion: "--format json prints the journey as one JSON object.")

    @Argument(
      help: "The journey: its id, a unique prefix of at least 4 hex digits, or - to read it from standard input.",
      completion: JourneyCompletion.ids)
    var id: String

    @Option(help: "The output format.")
    var format = ShowFormat.card

    @Flag(help: "Short for --format json.")
    var json = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if json && format != .card && format != .json {
        throw ValidationError("--json is short for --format json; give one of them")
      }
    }

    func run() throws {
      let database = try self.database.openExisting()
      let ids = try JourneyIDs(arguments: [id]).resolve(in: database)
      guard ids.count == 1, let journey = try database.journey(id: ids[0]) else {
        throw CommandError.usage("show takes one journey, and standard input held \(ids.count); use roadtrip list")
      }
      let format = json ? .json : format
      switch format {
      case .card:
        let width = TerminalSize.fittingColumns(of: .standard)
        try BufferedOutput.standard.write(JourneyCard(journey: journey, style: .standardOutput, width: width).rendered)
      case .json:
        var printer = JourneyPrinter(format: .ndjson)
        try printer.print(journey)
        try printer.finish()
      default:
        var printer = JourneyPrinter(format: format.outputFormat ?? .table)
        try printer.print(journey)
        try printer.finish()
      }
    }
  }
}
