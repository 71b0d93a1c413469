import ArgumentParser
import Glibc
import JourneyStore

extension Roadtrip {
  /// `roadtrip import [FILE | -] [--format ndjson|json|csv|tsv] [--delimiter CHAR] [--strict]
  /// [--on-conflict fail|skip|replace|update] [--keep-duplicates] [--spreadsheet] [--dry-run] [-q]`
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Load journeys from NDJSON, JSON, CSV or TSV: all of them, or none.",
      discussion: """
        Reads the keys (or CSV columns) that export writes: id (a new one when missing), name, \
        transportationType, startDate, duration, and endDate (or end), which is checked against \
        startDate + duration, or gives the duration when there is none. The format is --format, \
        else CSV with --delimiter, else the file's extension (.ndjson, .jsonl, .json, .csv, .tsv), \
        else what the first bytes say: [ is JSON, { is NDJSON, a first line that names journey \
        keys is a CSV or (with tabs) TSV header, and anything else NDJSON. TSV reads with a header \
        or without one: a first line that starts with a journey id is a journey, in the columns \
        id, name, transportationType, startDate, duration, endDate (what list writes into a \
        pipe). CSV and TSV headers take any case and set's aliases (transport, type, start, \
        end); a CSV's separator is the one its header has most of among , ; tab and | (said on \
        standard error when it is not a comma), unless --delimiter gives it. A column that names \
        no key is ignored, with a warning, unless --strict; one that looks like a misspelt key \
        (transprot) is refused. A journey without an id that has the name, type, start and \
        duration of one already in the database (or read before it) is skipped and counted, \
        unless --keep-duplicates. Dates take the words add --start takes; relative ones (now, \
        tomorrow 9am) are read from one instant, the command's start, for every record. A \
        byte-order mark at the start is skipped; a record over \
        16 MiB is refused (65). Everything is imported in one transaction: a malformed record \
        (exit 65, with its line) or an interruption (exit 130) imports nothing. A summary goes \
        to standard error; --dry-run prints what it would import and writes nothing, not even \
        the upgrade of an older database (it checks a copy in memory).
        """)

    @Argument(help: ArgumentHelp("The file to read; - or nothing reads standard input.", valueName: "file"), completion: .file())
    var file: String?

    @Option(help: "The input format: ndjson, json, csv or tsv. Default: from the file's extension, else from its first bytes.")
    var format: InterchangeFormat?

    @Option(
      help: ArgumentHelp(
        "The separator of CSV fields: , ; | or a tab (\\t or tab). Implies --format csv. Default: the one the header has most of.",
        valueName: "char"))
    var delimiter: String?

    @Flag(help: "Refuse a CSV or TSV column that names no journey key, rather than ignore it.")
    var strict = false

    @Option(
      help: """
        What to do with a journey whose id is already in the database: fail, skip, replace (with the \
        journey read), or update (only the columns the file has: a file of id and name renames).
        """)
    var onConflict: ConflictPolicy = .fail

    @Flag(
      help: """
        Read a CSV that export --spreadsheet wrote (or a spreadsheet saved from it): local dates, \
        [h]:mm:ss durations, and the quote before a text that would run as a formula dropped. \
        Implies --format csv.
        """)
    var spreadsheet = false

    @Flag(help: "Import a journey without an id even when one with the same name, type, start and duration is already there.")
    var keepDuplicates = false

    @Flag(
      help: """
        Read and check everything and print what would change, journey by journey and field by \
        field (the first \(Self.previewCount)); write nothing.
        """)
    var dryRun = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors and warnings: no summary, no progress.")
    var quiet = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      guard delimiter == nil || delimiterScalar != nil else {
        throw ValidationError("--delimiter takes one of , ; | or a tab (\\t or tab), not '\(delimiter ?? "")'")
      }
      if delimiter != nil, let format, format != .csv {
        throw ValidationError("--delimiter is for CSV, not --format \(format.rawValue)")
      }
      if spreadsheet, let format = format ?? file.flatMap(InterchangeFormat.init(pathExtensionOf:)), format != .csv {
        throw ValidationError("--spreadsheet reads CSV, not \(format.rawValue)")
      }
    }

    func run() throws {
      let (descriptor, source) = try openInput()
      defer { if descriptor != STDIN_FILENO { close(descriptor) } }
      let existed = try database.databaseFileExists()
      let besideBefore = try database.filesBesideDatabase()
      CreatedDatabase.isQuiet = quiet
      let progress = ProgressLine(isShown: !quiet) { "Importing… \($0) journeys" }
      // Ctrl-C rolls the transaction back: nothing was imported. On a line of its own, in case a
      // progress bar is showing. The string lives as long as the process.
      ProcessSetup.interruptionMessage = UnsafePointer(strdup("\nroadtrip: interrupted; nothing was imported\n"))
      let reader = JourneyReader(
        descriptor: descriptor, format: givenFormat,
        options: .init(
          delimiter: delimiterScalar, refusesUnknownColumns: strict, acceptsPartialRecords: onConflict == .update,
          readsSpreadsheetCells: spreadsheet))
      let started = ContinuousClock.now
      let summary: ImportSummary
      do {
        summary = try importJourneys(from: reader, progress: progress)
      } catch {
        progress.clear()
        if !existed && !dryRun { try? database.removeDatabase(sparing: besideBefore) }
        writeNotes(of: reader, succeeded: false)
        if let error = error as? InterchangeError {
          throw CommandError.malformedInput(source: source, error: error, hint: formatHint(for: error, reader: reader))
        }
        throw error
      }
      progress.clear()
      writeNotes(of: reader, succeeded: true)
      if dryRun { try printChanges(of: summary) }
      if !quiet {
        StandardError.write(
          summary.description(after: ContinuousClock.now - started, isDryRun: dryRun, updates: onConflict == .update))
      }
    }

    /// Opens the database, imports (or, for a dry run, reads and checks in a transaction rolled
    /// back, on an empty database in memory when there is no file, on a copy in memory when the
    /// file would need an upgrade), and closes it again.
    private func importJourneys(from reader: JourneyReader, progress: ProgressLine) throws -> ImportSummary {
      try (dryRun ? database.openExisting() : database.openCreatingIfMissing()).importJourneys(
        from: reader, onConflict: onConflict, duplicates: keepDuplicates ? .keep : .skip, isDryRun: dryRun,
        previewing: Self.previewCount, progress: progress.report)
    }

    /// How many journeys a dry run shows field by field; the others are counted.
    static let previewCount = 20

    /// Prints what a dry run would write (`ImportSummary.changeLines`) on standard output.
    private func printChanges(of summary: ImportSummary) throws {
      try BufferedOutput.standard.write(summary.changeLines)
    }

    /// Says on standard error which CSV separator the header chose, when not a comma, and which
    /// columns were ignored.
    /// - Parameter succeeded: Whether the import succeeded: how its dates were read is said only
    ///   then, a failed import having imported nothing.
    private func writeNotes(of reader: JourneyReader, succeeded: Bool) {
      if !quiet, reader.isDelimiterFromHeader, let delimiter = reader.delimiter, delimiter != "," {
        StandardError.write(
          "roadtrip: read the CSV with \(Self.name(of: delimiter)) between fields, the separator its header has most of "
            + "(--delimiter chooses another)\n")
      }
      if !quiet, succeeded, reader.readsLocalTimes {
        StandardError.write(
          "roadtrip: read dates without an offset as local time, \(LocalZone.name) (TZ chooses another zone)\n")
      }
      let ignored = reader.ignoredColumns
      guard !ignored.isEmpty else { return }
      let names = ignored.map { "'\($0)'" }.joined(separator: ", ")
      StandardError.write(
        ignored.count == 1
          ? "roadtrip: warning: ignored the column \(names), which names no journey key (--strict refuses it)\n"
          : "roadtrip: warning: ignored the columns \(names), which name no journey key (--strict refuses them)\n")
    }

    private static func name(of delimiter: Unicode.Scalar) -> String {
      delimiter == "\t" ? "tabs" : "'\(delimiter)'"
    }

    /// What to try when the first line cannot be read and the first bytes looked like no format
    /// (neither --format nor an extension said, so NDJSON was read): the other formats.
    private func formatHint(for error: InterchangeError, reader: JourneyReader) -> String? {
      guard reader.isFormatUnrecognised, case .malformed(line: 1, _) = error else { return nil }
      return "it was read as NDJSON, as its first line is neither JSON nor a header that names a journey key: "
        + "give --format csv, tsv or json"
    }

    /// The format --format, --delimiter or the file's extension gives; `nil` to tell it from the
    /// first bytes.
    private var givenFormat: InterchangeFormat? {
      format ?? (delimiter != nil || spreadsheet ? .csv : nil) ?? file.flatMap { $0 == "-" ? nil : InterchangeFormat(pathExtensionOf: $0) }
    }

    /// The separator --delimiter gives: one of `JourneyReader.Options.delimiters`, a tab also as
    /// `\t` or `tab`.
    private var delimiterScalar: Unicode.Scalar? {
      guard let delimiter else { return nil }
      let scalar: Unicode.Scalar? =
        switch delimiter.lowercased() {
        case "\\t", "tab": "\t"
        default: delimiter.unicodeScalars.count == 1 ? delimiter.unicodeScalars.first : nil
        }
      return scalar.flatMap { JourneyReader.Options.delimiters.contains($0) ? $0 : nil }
    }

    /// The descriptor to read, and how to name it in messages.
    private func openInput() throws -> (Int32, String) {
      guard let file, file != "-" else { return (StandardInput.openBlocking(), "standard input") }
      let descriptor = open(file, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw CommandError.cannotOpenInput(path: file, reason: String(cString: strerror(errno)))
      }
      return (descriptor, file)
    }
  }
}

extension String {
  /// A number with two decimals, without Foundation's formatters.
  init(format2 value: Double) {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    self = "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }
}
