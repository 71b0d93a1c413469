import ArgumentParser

/// `--format F`, `--json` and `--no-header`, for commands that list.
struct FormatOptions: ParsableArguments {
  @Option(help: "The output format. Default: table on a terminal, else tsv without a header.")
  var format: OutputFormat?

  @Flag(help: "Short for --format json.")
  var json = false

  @Flag(help: "Leave out the header of table, csv and tsv.")
  var noHeader = false

  func validate() throws {
    if json, let format, format != .json {
      throw ValidationError("--json is short for --format json; give one of them")
    }
  }
}

extension FormatOptions {
  /// The format chosen, and whether it starts with a header: as asked; else a table on a
  /// terminal and TSV without a header when piped.
  var resolved: (format: OutputFormat, includesHeader: Bool) {
    if json { return (.json, !noHeader) }
    if let format { return (format, !noHeader) }
    return BufferedOutput.standard.isTerminal ? (.table, !noHeader) : (.tsv, false)
  }
}
