import ArgumentParser
import JourneyStore

/// `--transport`, `--since`, `--until`, `--on` and `--search`: which journeys `list` and `summary`
/// take.
struct FilterOptions: ParsableArguments {
  @Option(
    help: .transportationType("Keep journeys of this type; repeat it to keep several types."),
    completion: TransportationType.completion, transform: TransportationType.argument)
  var transport: [TransportationType] = []

  @OptionGroup var dates: DateFilterOptions

  @Option(help: ArgumentHelp("Keep journeys whose name contains this text, ignoring case.", valueName: "text"))
  var search: String?
}

extension FilterOptions {
  /// Whether any filter is given.
  var isFiltering: Bool {
    !transport.isEmpty || dates.isFiltering || search != nil
  }

  /// The query of the filters; dates are read as filters read them (`DateBounds`), `--search`
  /// as `JourneyQuery.nameContaining` matches names.
  func query() throws(JourneyInputError) -> JourneyQuery {
    var query = JourneyQuery(transportationTypes: Set(transport), nameContaining: search)
    query.startDates = try dates.bounds()
    return query
  }
}

extension FilterOptions {
  /// The options of these filters, as ArgumentParser would parse them (`ListCommandLine`).
  static func make(
    transport: [TransportationType], dates: DateFilterOptions, search: String?
  ) -> Self {
    var options = Self()
    options.transport = transport
    options.dates = dates
    options.search = search
    return options
  }
}
