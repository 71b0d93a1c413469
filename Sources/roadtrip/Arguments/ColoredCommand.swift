import ArgumentParser

/// A command that prints in colour and takes `--color`: `main` makes its choice the process's
/// (`ColorChoice.current`) before it runs.
protocol ColoredCommand: ParsableCommand {
  /// The command's `--color`.
  var colors: ColorOptions { get }
}
