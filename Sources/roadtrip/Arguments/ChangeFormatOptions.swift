import ArgumentParser

/// `--format table|json|ndjson` and `--json`, for the commands that print changes: `history`
/// and `watch`.
struct ChangeFormatOptions: ParsableArguments {
  @Option(help: "The output format. Default: table on a terminal, else ndjson.")
  var format: ChangeFormat?

  @Flag(help: "Short for --format json.")
  var json = false

  func validate() throws {
    if json, let format, format != .json {
      throw ValidationError("--json is short for --format json; give one of them")
    }
  }
}

extension ChangeFormatOptions {
  /// Whether a format was asked for, by `--format` or `--json`.
  var isChosen: Bool {
    json || format != nil
  }

  /// The format asked for, else a table on a terminal and NDJSON when piped.
  var resolved: ChangeFormat {
    ChangeFormat.resolved(json ? .json : format)
  }
}
