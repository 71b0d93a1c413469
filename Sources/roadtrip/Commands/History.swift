import ArgumentParser

extension Roadtrip {
  /// `roadtrip history [ID] [--limit N] [--since D] [--until D] [--on D] [--format table|json|ndjson]`,
  /// `roadtrip history prune`
  struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "history",
      abstract: "Show the change log, newest first: when, which command, which journey, which field, old and new value.",
      usage: """
        roadtrip history [ID] [--limit <n>] [--since <date>] [--until <date>] [--on <date>] [--format <format>] [--json] [--color <when>] [--db <path>]
        roadtrip history prune (--keep <n> | --before <date>) [--yes] [-q] [--db <path>]
        """,
      discussion: """
        ID: only the changes of this journey, its id or a unique prefix of at least 4 hex digits; \
        deleted journeys count.

        Every committed insert, update and delete is in the log, grouped in batches (one command, \
        one import, one undo). An insert has no field; a delete lists each field's last value. \
        JSON objects have the keys batch, at, command, journey, change, field, old and new (the \
        last three only where they apply). Changes that programs other than roadtrip commit \
        (the sqlite3 shell, a script) are there too, with the origin 'outside roadtrip'. \
        'roadtrip history prune' drops old batches.
        """,
      subcommands: [Show.self, Prune.self],
      defaultSubcommand: Show.self)

    @OptionGroup var options: HistoryOptions

    @OptionGroup var colors: ColorOptions
    @OptionGroup var database: DatabaseOptions
  }
}

extension Roadtrip.History: ColoredCommand {}
