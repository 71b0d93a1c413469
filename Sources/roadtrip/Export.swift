import ArgumentParser
import JourneyStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Roadtrip {
  /// `roadtrip export [--format ndjson|json|csv|tsv] [--output FILE]`
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write every journey, streamed, in a format that import reads back exactly.",
      discussion: """
        Keys and columns: id, name, transportationType, startDate, duration, endDate; journeys in \
        the order they were stored. With --output, a file appears complete or not at all (mode \
        0600: journeys are private); a FIFO or a device is written into, and a symbolic link is \
        followed, as > does. The database in use and its -wal and -shm files are never written.
        """)

    @Option(help: "The output format: ndjson, json, csv or tsv.")
    var format: InterchangeFormat = .ndjson

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"), completion: .file())
    var output: String?

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      guard let output, output != "-" else {
        try export(try database.openExisting(), to: .standard)
        return
      }
      try self.database.refuseOverwritingDatabase(with: output)
      let database = try self.database.openExisting()
      try OutputFile.replace(output) { try export(database, to: $0) }
    }

    private func export(_ database: JourneyDatabase, to output: BufferedOutput) throws {
      var writer = JourneyWriter(format: format) { try output.write($0) }
      try database.write(JourneyQuery(sortField: nil), to: &writer)
      try writer.finish()
      try output.flush()
    }
  }
}
