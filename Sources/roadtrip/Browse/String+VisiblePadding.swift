extension String {
  /// The text padded with spaces to `width` columns, its escape sequences taking none.
  func padded(toVisibleWidth width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(0, width - visibleWidth))
  }
}
