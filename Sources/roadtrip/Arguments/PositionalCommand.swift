import ArgumentParser

/// A command whose options are `--db` and positional arguments only, as far as a
/// `PositionalCommandLine` goes: every other option or flag keeps its default.
///
/// `PositionalCommandLine` validates and runs it through these static functions, without making
/// the command: making a `ParsableCommand` (its `@Argument` and `@OptionGroup` wrappers) costs
/// runtime lookups of conformances, each a walk through every conformance record of the static
/// binary, a large part of one edit (BENCHMARKS.md, P3).
protocol PositionalCommand: ParsableCommand {
  /// Checks these positional arguments as the command's `validate()` does.
  /// - Throws: `ValidationError`, as `validate()` does.
  static func validate(arguments: [String]) throws

  /// Runs the command with these positional arguments and database, as its `run()` does.
  static func run(arguments: [String], database: ChosenDatabase) throws
}
