import ArgumentParser

/// `--format F`, `--json` and `--header`/`--no-header`, for commands that list; `Format` is the
/// formats the command takes.
struct FormatOptions<Format: ListedFormat>: ParsableArguments {
  @Option(help: "The output format. Default: table on a terminal, else tsv.")
  var format: Format?

  @Flag(help: "Short for --format json.")
  var json = false

  @Flag(
    inversion: .prefixedNo,
    help: "Start with a header row, or not. Default: table and csv have one, tsv has none (so that it pipes into ids).")
  var header: Bool?

  func validate() throws {
    if json, let format, format != Format.json {
      throw ValidationError("--json is short for --format json; give one of them")
    }
  }
}

extension FormatOptions {
  /// The format chosen, and whether it starts with a header: as asked; else a table on a
  /// terminal and TSV when piped; the header as asked, else as the format has it by default.
  var resolved: (format: OutputFormat, includesHeader: Bool) {
    let format = json ? .json : format?.outputFormat ?? (BufferedOutput.standard.isTerminal ? .table : .tsv)
    return (format, header ?? format.includesHeaderByDefault)
  }
}

extension FormatOptions {
  /// The options of `--format`, or of none, the flags off (`ListCommandLine`).
  static func make(format: Format?) -> Self {
    var options = Self()
    options.format = format
    options.json = false
    options.header = nil
    return options
  }
}
