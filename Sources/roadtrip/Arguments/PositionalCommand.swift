import ArgumentParser

/// A command whose options are `--db` and positional arguments only, as far as a
/// `PositionalCommandLine` goes: every other option or flag keeps its default.
protocol PositionalCommand: ParsableCommand {
  /// The command as ArgumentParser would parse it from these positional arguments and `--db`.
  ///
  /// Set each property on a copy made with `init()`: in an initializer, assigning to a property
  /// declared with `@Argument`, `@Option` or `@Flag` makes a new, unparsed definition instead.
  static func make(arguments: [String], databasePath: String?) -> Self
}
