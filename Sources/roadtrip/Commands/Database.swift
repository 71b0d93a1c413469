import ArgumentParser

extension Roadtrip {
  /// `roadtrip db path | check | backup FILE`
  struct Database: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "db",
      abstract: "Where the database is, whether it is sound, a copy of it, and compacting it.",
      subcommands: [Path.self, Check.self, Backup.self, Vacuum.self])
  }
}
