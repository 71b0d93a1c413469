import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip transport ID... [TYPE | --next | --previous | --random]`
  struct Transport: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "transport",
      abstract: "Set the transportation type of journeys; with no type, print the current one.",
      usage: "roadtrip transport ID... [TYPE | --next | --previous | --random] [--json] [--db <path>]",
      discussion: """
        With TYPE or a flag, every journey named changes in one transaction. With neither, \
        prints each journey's type, one slug a line. --json prints the journeys (changed, or \
        as they are) as show --json does: an object for one id, an array for several or -.
        """)

    @Argument(
      help: ArgumentHelp(
        "The journeys (ids, prefixes of at least 4 hex digits, or - to read ids from standard input), then the type.",
        valueName: "ID... [TYPE]",
        argumentType: TransportationType.self),
      completion: JourneyCompletion.idsAndTypes)
    var arguments: [String] = []

    @Flag var step: TypeStep?

    @Flag(help: "Print the journeys as JSON: an object for one id, an array for several or -.")
    var json = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      try Self.validate(arguments: arguments, step: step)
    }

    func run() throws {
      try Self.run(arguments: arguments, step: step, json: json, database: database)
    }

    /// `validate()` of the command with these arguments and `--next`, `--previous` or
    /// `--random` (`step`), which `PositionalCommandLine` runs too.
    private static func validate(arguments: [String], step: TypeStep?) throws {
      let (ids, type) = try split(arguments)
      try ids.validate()
      if type != nil, let step {
        throw ValidationError("give a type or --\(step.rawValue), not both")
      }
    }

    /// `run()` of the command with these arguments, `step`, `--json` or not, and database.
    private static func run(
      arguments: [String], step: TypeStep?, json: Bool, database choice: some DatabaseChoice
    ) throws {
      let (ids, type) = try split(arguments)
      let database = try choice.openExisting()
      let resolved = try ids.resolve(in: database, looksUpFullIDs: false)
      guard type != nil || step != nil else {
        let journeys = try database.reading {
          try resolved.map { id in
            guard let journey = try database.journey(id: id) else {
              throw JourneyDatabaseError.journeyNotFound(id.uuidString.lowercased())
            }
            return journey
          }
        }
        if json { return try ids.printJSON(journeys) }
        for journey in journeys {
          try BufferedOutput.standard.write(JourneyField.transportationType.text(of: journey) + "\n")
        }
        return
      }
      var edited: [Journey] = []
      try database.writingUserValues {
        try $0.edit(ids: resolved, reading: type == nil ? [.transportationType] : []) { journey in
          journey.transportationType =
            type ?? step?.type(after: journey.transportationType) ?? journey.transportationType
          if json { edited.append(journey) }
        } beforeCommit: {
          guard json else { return }
          // Reported before the commit: output that cannot be written changes nothing.
          try ids.printJSON(edited)
          try BufferedOutput.standard.flushBeforeCommit()
        }
      }
    }

    /// The ids and the type: the last of two or more arguments is the type, unless it is `-` or
    /// made of hex digits and dashes as ids are.
    /// - Throws: `ValidationError` when the type is not a transportation type.
    private static func split(_ arguments: [String]) throws -> (JourneyIDs, TransportationType?) {
      guard arguments.count >= 2, let last = arguments.last, !Self.looksLikeID(last) else {
        return (JourneyIDs(arguments: arguments), nil)
      }
      let type = try ValidationError.checking { () throws(JourneyInputError) in try TransportationType(parsing: last) }
      return (JourneyIDs(arguments: arguments.dropLast()), type)
    }

    private static func looksLikeID(_ text: String) -> Bool {
      text == JourneyIDs.standardInput || text.allSatisfy { $0 == "-" || $0.isHexDigit }
    }
  }
}

extension Roadtrip.Transport: PositionalCommand {
  static func validate(arguments: [String]) throws {
    try validate(arguments: arguments, step: nil)
  }

  static func run(arguments: [String], database: ChosenDatabase) throws {
    try run(arguments: arguments, step: nil, json: false, database: database)
  }
}
