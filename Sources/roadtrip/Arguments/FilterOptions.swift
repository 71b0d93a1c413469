import ArgumentParser
import JourneyStore

/// `--transport`, `--since`, `--until` and `--search`: which journeys `list` and `summary` take.
struct FilterOptions: ParsableArguments {
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

  @Option(help: ArgumentHelp("Keep journeys whose name contains this text, ignoring case.", valueName: "text"))
  var search: String?

  func validate() throws {
    _ = try ValidationError.checking { () throws(JourneyInputError) in try query() }
  }
}

extension FilterOptions {
  /// Whether any filter is given.
  var isFiltering: Bool {
    !transport.isEmpty || since != nil || until != nil || search != nil
  }

  /// The query of the filters; dates are read as the `startDate` field reads them, `--search`
  /// as `JourneyQuery.nameContaining` matches names.
  func query() throws(JourneyInputError) -> JourneyQuery {
    JourneyQuery(
      transportationTypes: Set(transport),
      startingFrom: try since.map { text throws(JourneyInputError) in try DateExpression.date(text) },
      startingBefore: try until.map { text throws(JourneyInputError) in try DateExpression.date(text) },
      nameContaining: search)
  }
}
