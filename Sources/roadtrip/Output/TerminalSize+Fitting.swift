extension TerminalSize {
  /// The columns text for people printed to `output` fits: `listingColumns` on a terminal, `nil`
  /// (nothing is cut) when piped.
  static func fittingColumns(of output: BufferedOutput) -> Int? {
    output.isTerminal ? listingColumns : nil
  }
}
