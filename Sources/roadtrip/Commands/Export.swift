import ArgumentParser
import Glibc
import JourneyStore

extension Roadtrip {
  /// `roadtrip export [--format ndjson|json|csv|tsv] [--output FILE [--force]] [--spreadsheet]`
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Write every journey, streamed, in a format that import reads back exactly.",
      discussion: """
        Keys and columns: id, name, transportationType, startDate, duration, endDate, or the keys \
        --fields names, in its order; journeys in the order they were stored. The format is --format, else the --output file's extension \
        (.ndjson, .jsonl, .json, .csv, .tsv), else NDJSON for a name without an extension; an \
        --output file with another extension (.txt, .xlsx, .sqlite) needs --format. With \
        --output, a file appears complete or not at all: a new one with mode 0600 (journeys are \
        private), an existing one keeping its mode, owner and other names; a FIFO, a device or \
        /dev/stdout is written into, and a symbolic link is followed, as > does. The database in \
        use and its -wal and -shm files are never written, and another SQLite database only \
        with --force. A journey another program stored in a form roadtrip cannot read is left \
        out and named on standard error with its repair; the others are still written (to the \
        --output file too), and the exit code is 65: the export is incomplete.
        """)

    @Option(help: "The output format: ndjson, json, csv or tsv. Default: from the --output file's extension, else ndjson.")
    var format: InterchangeFormat?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"), completion: .file())
    var output: String?

    @OptionGroup var fields: FieldsOptions

    @Flag(help: "Replace the --output file even when it is a SQLite database, such as one of other journeys.")
    var force = false

    @Flag(
      help: """
        Write a CSV that spreadsheets read as values: dates in local time (YYYY-MM-DD HH:MM:SS, the zone \
        named on standard error), durations as [h]:mm:ss, and a quote before any text that starts with \
        = + - @ so that none runs as a formula. import --spreadsheet reads it back in the same zone.
        """)
    var spreadsheet = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if spreadsheet, let chosen = format ?? output.flatMap(InterchangeFormat.init(pathExtensionOf:)), chosen != .csv {
        throw ValidationError("--spreadsheet writes CSV, not \(chosen.rawValue); leave out --format, or name a .csv file")
      }
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
      if !force { try OutputFile.refuseReplacingDatabase(at: output) }
      if !spreadsheet { try refuseUnnamedFormat(of: output) }
      let database = try self.database.openExisting()
      // The journeys that can be read are written whole: what the user can still rescue.
      try OutputFile.replace(output) { try export(database, to: $0, unreadable: &unreadable) }
      try unreadable.check(export: output)
    }

    private func export(
      _ database: JourneyDatabase, to output: BufferedOutput, unreadable: inout UnreadableJourneys
    ) throws {
      var writer = JourneyWriter(format: resolvedFormat, keys: try fields.keys(), spreadsheet: spreadsheet) {
        try output.write($0)
      }
      if spreadsheet {
        StandardError.write(
          "roadtrip: wrote dates in local time, \(LocalZone.name) (TZ chooses another zone); "
            + "import --spreadsheet reads them back in the same zone\n")
      }
      try database.write(JourneyQuery(sortedBy: []), to: &writer, onUnreadable: { unreadable.leaveOut($0) })
      try writer.finish()
      try output.flush()
    }

    /// Refuses a file to be replaced whose extension names no format when `--format` does not
    /// say one either: NDJSON under `.txt` or `.xlsx` is a mistake, not a choice.
    /// - Throws: `CommandError.usage`.
    private func refuseUnnamedFormat(of output: String) throws {
      guard format == nil, let fileNameExtension = output.fileNameExtension,
        InterchangeFormat(pathExtensionOf: output) == nil, OutputFile.isReplacingFile(at: output)
      else { return }
      throw CommandError.usage(
        "\(output)'s extension .\(fileNameExtension) names no export format; name the file with one of "
          + "\(InterchangeFormat.namedExtensions), or choose the format with --format ndjson, json, csv or tsv")
    }

    /// `--format`, else the format the output file's extension names (as `import` reads it), else NDJSON.
    private var resolvedFormat: InterchangeFormat {
      if spreadsheet { return .csv }
      return format ?? output.flatMap(InterchangeFormat.init(pathExtensionOf:)) ?? .ndjson
    }
  }
}
