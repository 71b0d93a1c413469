import ArgumentParser
import Glibc
import JourneyStore

extension Roadtrip {
  /// `roadtrip export [--format ndjson|json|csv|tsv] [--output FILE]`
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Write every journey, streamed, in a format that import reads back exactly.",
      discussion: """
        Keys and columns: id, name, transportationType, startDate, duration, endDate; journeys in \
        the order they were stored. The format is --format, else the --output file's extension \
        (.ndjson, .jsonl, .json, .csv, .tsv), else NDJSON. With --output, a file appears complete \
        or not at all: a new one with mode 0600 (journeys are private), an existing one keeping \
        its mode, owner and other names; a FIFO, a device or /dev/stdout is written into, and a \
        symbolic link is followed, as > does. The database in use and its -wal and -shm files are \
        never written. A journey another program stored in a form roadtrip cannot read is left \
        out and named on standard error with its repair; the others are still written (to the \
        --output file too), and the exit code is 65: the export is incomplete.
        """)

    @Option(help: "The output format: ndjson, json, csv or tsv. Default: from the --output file's extension, else ndjson.")
    var format: InterchangeFormat?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"), completion: .file())
    var output: String?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if let format, let named = output.flatMap(InterchangeFormat.init(pathExtensionOf:)), named != format {
        throw ValidationError(
          "--format \(format.rawValue) does not match \(output ?? "")'s extension, which names \(named.rawValue); "
            + "change one of them, or leave out --format")
      }
    }

    func run() throws {
      var unreadable = UnreadableJourneys()
      guard let output, output != "-" else {
        try export(try database.openExisting(), to: .standard, unreadable: &unreadable)
        try unreadable.check(export: "standard output")
        return
      }
      try self.database.refuseOverwritingDatabase(with: output)
      let database = try self.database.openExisting()
      // The journeys that can be read are written whole: what the user can still rescue.
      try OutputFile.replace(output) { try export(database, to: $0, unreadable: &unreadable) }
      try unreadable.check(export: output)
    }

    private func export(
      _ database: JourneyDatabase, to output: BufferedOutput, unreadable: inout UnreadableJourneys
    ) throws {
      var writer = JourneyWriter(format: resolvedFormat) { try output.write($0) }
      try database.write(JourneyQuery(sortField: nil), to: &writer, onUnreadable: { unreadable.leaveOut($0) })
      try writer.finish()
      try output.flush()
    }

    /// `--format`, else the format the output file's extension names (as `import` reads it), else NDJSON.
    private var resolvedFormat: InterchangeFormat {
      format ?? output.flatMap(InterchangeFormat.init(pathExtensionOf:)) ?? .ndjson
    }
  }
}
