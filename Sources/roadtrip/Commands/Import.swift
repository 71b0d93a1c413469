import ArgumentParser
import Glibc
import JourneyStore

extension Roadtrip {
  /// `roadtrip import [FILE | -] [--format ndjson|json|csv|tsv] [--on-conflict fail|skip|replace]`
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Load journeys from NDJSON, JSON, CSV or TSV: all of them, or none.",
      discussion: """
        Reads the keys (or CSV columns) that export writes: id (a new one when missing), name, \
        transportationType, startDate, duration, and endDate, which is checked against startDate + \
        duration. The format is --format, else the file's extension (.ndjson, .jsonl, .json, .csv, \
        .tsv), else NDJSON. TSV reads with a header or without one: a first line that starts with \
        a journey id is a journey, in the columns id, name, transportationType, startDate, \
        duration, endDate (what list writes into a pipe). CSV and TSV headers take any case and \
        set's aliases (transport, type, start). A byte-order mark at the start is skipped; a \
        record over 16 MiB is refused (65). Everything is imported in one transaction: a \
        malformed record (exit 65, with its line) or an interruption (exit 130) imports nothing. \
        A summary goes to standard error.
        """)

    @Argument(help: ArgumentHelp("The file to read; - or nothing reads standard input.", valueName: "file"), completion: .file())
    var file: String?

    @Option(help: "The input format: ndjson, json, csv or tsv. Default: from the file's extension, else ndjson.")
    var format: InterchangeFormat?

    @Option(help: "What to do with a journey whose id is already in the database: fail, skip or replace.")
    var onConflict: ConflictPolicy = .fail

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      let (descriptor, source) = try openInput()
      defer { if descriptor != STDIN_FILENO { close(descriptor) } }
      let existed = try database.databaseFileExists()
      let besideBefore = try database.filesBesideDatabase()
      let progress = ImportProgress()
      // Ctrl-C rolls the transaction back: nothing was imported. On a line of its own, in case a
      // progress bar is showing. The string lives as long as the process.
      ProcessSetup.interruptionMessage = UnsafePointer(strdup("\nroadtrip: interrupted; nothing was imported\n"))
      let started = ContinuousClock.now
      let summary: ImportSummary
      do {
        summary = try importJourneys(from: descriptor, progress: progress)
      } catch {
        progress.clear()
        if !existed { try? database.removeDatabase(sparing: besideBefore) }
        if let error = error as? InterchangeError {
          throw CommandError.malformedInput(source: source, error: error, hint: formatHint(for: error))
        }
        throw error
      }
      progress.clear()
      StandardError.write(summary.description(after: ContinuousClock.now - started))
    }

    /// Opens the database, imports, and closes it again.
    private func importJourneys(from descriptor: Int32, progress: ImportProgress) throws -> ImportSummary {
      try database.openCreatingIfMissing().importJourneys(
        from: JourneyReader(descriptor: descriptor, format: resolvedFormat), onConflict: onConflict,
        progress: progress.report)
    }

    /// What to try when the first line is not NDJSON, the format read when neither --format nor
    /// an extension says: the other formats, and what `list` writes to a pipe.
    private func formatHint(for error: InterchangeError) -> String? {
      guard format == nil, resolvedFormat == .ndjson, case .malformed(line: 1, _) = error,
        file.flatMap({ $0 == "-" ? nil : InterchangeFormat(pathExtensionOf: $0) }) == nil
      else { return nil }
      return "it was read as NDJSON, the format without --format or a file extension: give --format tsv "
        + "for what 'roadtrip list' writes to a pipe, or --format csv or json"
    }

    private var resolvedFormat: InterchangeFormat {
      format ?? file.flatMap { $0 == "-" ? nil : InterchangeFormat(pathExtensionOf: $0) } ?? .ndjson
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

extension ImportSummary {
  /// "Imported 1,000 journeys (3 skipped, 2 replaced, 1 unchanged) in 0.84 s.", for standard error.
  func description(after duration: Duration) -> String {
    var text = "Imported \(inserted) \(inserted == 1 ? "journey" : "journeys")"
    let others = [(skipped, "skipped"), (replaced, "replaced"), (unchanged, "unchanged")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    if !others.isEmpty { text += " (" + others.joined(separator: ", ") + ")" }
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return text + " in " + String(format2: seconds) + " s.\n"
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
