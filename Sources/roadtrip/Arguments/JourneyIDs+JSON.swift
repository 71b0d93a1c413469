import JourneyStore

extension JourneyIDs {
  /// Prints the journeys these ids named as JSON, in the shape `namesOneJourney` says: one
  /// object for one id, else an array (empty when `-` read no ids).
  /// - Throws: `CommandError` when standard output cannot be written.
  func printJSON(_ journeys: [Journey]) throws {
    var printer = JourneyPrinter(format: namesOneJourney ? .ndjson : .json)
    for journey in journeys {
      try printer.print(journey)
    }
    try printer.finish()
  }
}
