import ArgumentParser

extension Roadtrip.Sync {
  /// `roadtrip help sync` (and `sync --help`) with the options of the sync itself: they belong to
  /// its hidden default subcommand, whose arguments and options ArgumentParser's help of `sync`
  /// leaves out, and they are `sync`'s to the person who types `roadtrip sync --status`.
  static func helpWithOwnOptions(_ help: String) -> String {
    let exchange = Roadtrip.helpMessage(for: Exchange.self)
    let start = exchange.firstRange(of: "ARGUMENTS:") ?? exchange.firstRange(of: "OPTIONS:")
    guard let start else { return help }
    // Every command's --help and --version are listed once, with the sync's own options.
    var own = exchange[start.lowerBound...].split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("-h, --help") && !$0.contains("--version ") }
      .joined(separator: "\n")
    while own.hasSuffix("\n") { own.removeLast() }
    var help = help
    if let options = help.firstRange(of: "OPTIONS:") {
      // Sync's own section holds only what every command takes: the exchange's replaces it.
      let end = help[options.upperBound...].firstRange(of: "\n\n")?.upperBound ?? help.endIndex
      help.removeSubrange(options.lowerBound..<end)
    }
    let place = help.firstRange(of: "SUBCOMMANDS:")?.lowerBound ?? help.endIndex
    help.insert(contentsOf: own + "\n\n", at: place)
    return help
  }
}
