import ArgumentParser

extension Roadtrip {
  /// `roadtrip history [show] [ID] [--limit N] [--format table|json|ndjson]`, `roadtrip history prune`
  struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "history",
      abstract: "Show the change log, newest first: when, which command, which journey, which field, old and new value.",
      discussion: "'roadtrip history' alone shows the log; 'roadtrip history prune' drops its oldest batches.",
      subcommands: [Show.self, Prune.self],
      defaultSubcommand: Show.self)
  }
}
