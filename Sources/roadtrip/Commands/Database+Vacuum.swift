import ArgumentParser
import FoundationEssentials
import JourneyStore

extension Roadtrip.Database {
  /// `roadtrip db vacuum`
  struct Vacuum: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "vacuum",
      abstract: "Compact the database file: give the space of deleted journeys and a pruned history back.",
      discussion: "Others may keep reading meanwhile; writers wait. The sizes before and after go to standard error.")

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      guard try database.databaseExists() else {
        throw CommandError.noDatabase(path: try database.resolvedPath(), action: "nothing to compact")
      }
      let (before, after) = try database.openExisting().vacuum()
      StandardError.write("Compacted \(Self.size(before)) to \(Self.size(after)).\n")
    }

    private static func size(_ bytes: Int64) -> String {
      let tenths = bytes * 10 / 1_048_576
      return tenths < 10 ? "\(bytes / 1024) KiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }
  }
}
