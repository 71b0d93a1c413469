import ArgumentParser

/// The formats `--format` offers on one command: `OutputFormat`'s, or the ones of them that the
/// command can write, so that its help lists only those.
protocol ListedFormat: ExpressibleByArgument, CaseIterable, Equatable {
  /// The format for `--json`.
  static var json: Self { get }
  /// The output format this is.
  var outputFormat: OutputFormat { get }
}
