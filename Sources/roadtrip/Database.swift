import ArgumentParser

extension Roadtrip {
  /// `roadtrip db path | check | backup FILE`
  struct Database: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "db",
      abstract: "Where the database is, whether it is sound, and a copy of it.",
      subcommands: [Path.self, Check.self, Backup.self])
  }
}
