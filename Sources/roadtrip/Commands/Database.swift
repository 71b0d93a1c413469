import ArgumentParser

extension Roadtrip {
  /// `roadtrip db path | check | backup FILE | restore FILE | vacuum | migrate`
  struct Database: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "db",
      abstract: "Where the database is, whether it is sound, a copy of it, putting a copy back, compacting and upgrading it.",
      subcommands: [Path.self, Check.self, Backup.self, Restore.self, Vacuum.self, Migrate.self])
  }
}
