import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip add NAME [--transport T] [--start D] [--duration X] [--json]`
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add a journey and print its id.",
      usage: "roadtrip add NAME [--transport <type>] [--start <date>] [--duration <duration>] [--json] [--db <path>]",
      discussion: """
        A name of several words goes in quotes: roadtrip add "Coast road". roadtrip add "" adds a \
        journey without a name. The first journey creates the database, its file private to you \
        (mode 0600).
        """)

    /// The name as the shell split it: one word, unless it was not quoted (refused).
    @Argument(help: ArgumentHelp("The journey's name: any text, in quotes when it has spaces.", valueName: "name"))
    var name: [String] = []

    @Option(
      help: .transportationType(
        "How the journey is travelled; roadtrip config default.transport sets another default. "
          + "(default: \(TransportationType.car.rawValue))"),
      completion: TransportationType.completion, transform: TransportationType.argument)
    var transport: TransportationType?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "When it starts: ISO 8601 (2026-11-21T08:00:00Z, or 2026-11-21T08:00 and 2026-11-21 in local time), "
          + "now, today 18:00, yesterday at 5pm, tomorrow 9am, monday (the next one), next-week, nov 24, +2d, now-1d or 3 hours ago (local time).",
        valueName: "date"))
    var start = "now"

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "How long it lasts: 45m, 90min, 1h30m, 1h30, 1,5h, 2 hours, 90s, 1:30:00, PT1H30M or seconds; "
          + "roadtrip config default.duration sets another default. (default: 1h)",
        valueName: "duration"))
    var duration: String?

    @Flag(help: "Print the journey as JSON instead of its id.")
    var json = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      guard !name.isEmpty else {
        throw ValidationError(
          "a journey needs a name: roadtrip add NAME (in quotes when it has spaces, such as "
            + "roadtrip add \"Coast road\"); roadtrip add \"\" adds one without a name")
      }
      guard name.count == 1 else {
        let whole = name.joined(separator: " ")
        let quoted = whole.contains(where: { "\"$`\\!".contains($0) }) ? CommandLine.shellQuoted(whole) : "\"\(whole)\""
        throw ValidationError(
          "a name of several words goes in quotes, or the shell passes each word apart: roadtrip add \(quoted)")
      }
      _ = try ValidationError.checking { () throws(JourneyInputError) in try makeJourney() }
    }

    func run() throws {
      let journey = try makeJourney()
      try database.openCreatingIfMissing().writingUserValues {
        // Reported before the commit: output that cannot be written adds nothing.
        try $0.add(contentsOf: [journey]) {
          try report(journey)
          try BufferedOutput.standard.flushBeforeCommit()
        }
      }
    }

    /// Prints the new journey's id, or the journey with `--json`.
    private func report(_ journey: Journey) throws {
      guard json else {
        try BufferedOutput.standard.write(journey.id.uuidString.lowercased() + "\n")
        return
      }
      var printer = JourneyPrinter(format: .ndjson)
      try printer.print(journey)
      try printer.finish()
    }

    /// The new journey, each field set from its option through the field's own parser.
    private func makeJourney() throws(JourneyInputError) -> Journey {
      // The name and the type are typed values already; the start and the duration are text.
      let journey = Journey(name: name.joined(separator: " "), transportationType: transport ?? Configuration.transport)
      let duration = duration ?? Configuration.durationText
      for (field, text) in [(JourneyField.startDate, start), (.duration, duration)] {
        try field.assign(text, to: journey)
      }
      try Journey.checkEndWithinCalendar(start: journey.startDate, duration: journey.duration, durationText: duration)
      return journey
    }
  }
}
