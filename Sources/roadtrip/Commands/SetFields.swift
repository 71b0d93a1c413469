import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip set ID... FIELD=VALUE...`
  struct SetFields: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set",
      abstract: "Set fields of journeys, all in one transaction.",
      usage: "roadtrip set ID... FIELD=VALUE... [--json] [--db <path>]",
      discussion: """
        Fields: name (any text), transportationType or transport (a type slug), startDate or \
        start (ISO 8601, or now, today 18:00, tomorrow, monday, +2d, 3 hours ago: local time), \
        duration (45m, 1h30m, 1h30, 1,5h, PT1H30M, 90s, 1:30:00 or seconds), and end or endDate \
        (a date: keeps the start and sets the duration). A start or an end that names no day is \
        on the journey's own day: end=18:30 is 18:30 of the day it starts (the next day's when \
        that is before the start), start='thursday 16:00' the Thursday nearest its start. \
        A start, duration or end that begins with + or - moves \
        the current one: start=+1d (whole days keep the clock time), duration=+15m, end=-10m. \
        Edits apply in the order written, each to the journey as the ones before left it: \
        start=+1d duration=+15m end=-10m moves the journey a day later, 5 minutes longer. \
        Only the fields that change are written; an edit that changes nothing leaves no history.

        Example: roadtrip set 1a2b name='Coast road' start='tomorrow 9am' end='tomorrow 10:30'
        """)

    @Argument(
      help: ArgumentHelp(
        "The journeys (ids, prefixes of at least 4 hex digits, or - to read ids from standard input), then the fields to set.",
        valueName: "ID... FIELD=VALUE..."),
      completion: JourneyCompletion.idsAndFields)
    var arguments: [String] = []

    @Flag(help: "Print the edited journeys as JSON: an object for one id, an array for several or -.")
    var json = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      _ = try Self.plan(arguments)
    }

    func run() throws {
      try Self.run(arguments: arguments, json: json, database: database)
    }

    /// `run()` of the command with these arguments, `--json` or not, and database, which
    /// `PositionalCommandLine` runs too.
    private static func run(
      arguments: [String], json: Bool, database choice: some DatabaseChoice
    ) throws {
      let (ids, edits) = try plan(arguments)
      let database = try choice.openExisting()
      let resolved = try ids.resolve(in: database, looksUpFullIDs: false)
      var edited: [Journey] = []
      try database.writingUserValues {
        try $0.edit(ids: resolved, reading: edits.reduce(into: []) { $0.formUnion($1.readFields) }) { journey in
          for edit in edits {
            try edit.apply(to: journey)
          }
          if json { edited.append(journey) }
        } beforeCommit: {
          guard json else { return }
          // Reported before the commit: output that cannot be written changes nothing.
          try ids.printJSON(edited)
          try BufferedOutput.standard.flushBeforeCommit()
        }
      }
    }

    /// The journeys named and, for each field to set, its edit.
    /// - Throws: `ValidationError` for missing ids or assignments, an unknown field, a field set
    ///   again by a value that would discard an earlier edit of it, or a bad value.
    private static func plan(_ arguments: [String]) throws -> (JourneyIDs, [JourneyField.Edit]) {
      let ids = Array(arguments.prefix { !$0.contains("=") })
      let assignments = arguments.dropFirst(ids.count)
      try JourneyIDs(arguments: ids).validate()
      guard !assignments.isEmpty else {
        throw ValidationError("nothing to set; give FIELD=VALUE after the ids, such as name='Coast road'")
      }
      try refuseSpacesAroundEquals(ids: ids, assignments: Array(assignments))
      var plan: [JourneyField.Edit] = []
      for assignment in assignments {
        guard let equals = assignment.firstIndex(of: "=") else {
          throw ValidationError("'\(assignment)' is not FIELD=VALUE; ids come first, then the fields to set")
        }
        let name = String(assignment[..<equals])
        let value = String(assignment[assignment.index(after: equals)...])
        if name == "id" {
          throw ValidationError("'id' cannot be set: a journey's id never changes")
        }
        let edit = try ValidationError.checking { () throws(JourneyInputError) in
          try JourneyField.Edit(name: name, text: value)
        }
        // Edits apply in order; one that replaces the value would discard an earlier one.
        guard !edit.replacesValue || !plan.contains(where: { $0.field == edit.field }) else {
          let why = edit.field == .duration ? " (end= sets the duration too)" : ""
          throw ValidationError(
            "'\(edit.field.name)' is set twice\(why), and '\(assignment)' would discard the first; set it once, "
              + "or move it with a relative edit (+15m, -10m), which applies after the ones before it")
        }
        plan.append(edit)
      }
      return (JourneyIDs(arguments: ids), plan)
    }

    /// Refuses `name = foo` and `name= foo`, which the shell passes as several words: the field's
    /// name then reads as an id, or the value as an assignment.
    /// - Throws: `ValidationError` with the assignment written as one word.
    private static func refuseSpacesAroundEquals(ids: [String], assignments: [String]) throws {
      guard let first = assignments.first else { return }
      let name: String?, value: String?
      if first == "=" || first.hasPrefix("=") {
        // name = foo, name =foo: the name was read as an id.
        name = ids.last
        value = first == "=" ? assignments.dropFirst().first : String(first.dropFirst())
      } else if let equals = first.firstIndex(of: "="), first.index(after: equals) == first.endIndex,
        let next = assignments.dropFirst().first, !next.contains("=")
      {
        // name= foo: the value is a word of its own.
        name = String(first[..<equals])
        value = next
      } else {
        return
      }
      guard let name, (try? JourneyField.Edit(name: name, text: value ?? "")) != nil
        || (try? JourneyField.named(name)) != nil || JourneyField.Edit.endNames.contains(name)
      else { return }
      let word = name + "=" + (value ?? "VALUE")
      throw ValidationError(
        "write each field as one word, with no spaces around '=': \(CommandLine.shellQuoted(word))")
    }
  }
}

extension Roadtrip.SetFields: PositionalCommand {
  static func validate(arguments: [String]) throws {
    _ = try plan(arguments)
  }

  static func run(arguments: [String], database: ChosenDatabase) throws {
    try run(arguments: arguments, json: false, database: database)
  }
}
