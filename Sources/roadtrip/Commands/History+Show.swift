import ArgumentParser

extension Roadtrip.History {
  /// `roadtrip history [show] [ID] …`: what `history` runs, with the options it parsed.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "The same as 'roadtrip history'.",
      shouldDisplay: false)

    @Argument(
      help: "Only the changes of this journey: its id or a unique prefix of at least 4 hex digits; deleted journeys count.",
      completion: JourneyCompletion.ids)
    var id: String?

    /// The options `history` parsed (ArgumentParser hands a group decoded before to the same
    /// group of a subcommand).
    @OptionGroup var options: HistoryOptions

    @OptionGroup var colors: ColorOptions
    @OptionGroup var database: DatabaseOptions

    func run() throws {
      try options.printChanges(of: id, in: database)
    }
  }
}

extension Roadtrip.History.Show: ColoredCommand {}
