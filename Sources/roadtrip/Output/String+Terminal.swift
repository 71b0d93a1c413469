extension String {
  /// The text cut to at most `width` columns, ending in an ellipsis when it is cut (as gh cuts
  /// a long title).
  func cut(toWidth width: Int) -> String {
    guard displayWidth > width else { return self }
    guard width > 1 else { return width == 1 ? "…" : "" }
    var kept = truncated(toWidth: width - 1)
    while kept.last?.isWhitespace == true { kept.removeLast() }
    return kept + "…"
  }

  /// The text padded with spaces to `width` columns.
  func padded(to width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(0, width - displayWidth))
  }
}
