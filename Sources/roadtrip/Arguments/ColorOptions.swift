import ArgumentParser

/// `--color=auto|always|never`, for the commands that print in colour.
struct ColorOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "When to use colour, symbols and box drawing: auto, always or never.", valueName: "when"))
  var color = ColorChoice.auto
}

extension ColorOptions {
  /// The options of no `--color`: `auto` (`ListCommandLine`).
  static func make() -> Self {
    var options = Self()
    options.color = .auto
    return options
  }
}
