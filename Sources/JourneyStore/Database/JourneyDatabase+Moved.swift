extension JourneyDatabase {
  /// Whether the file this database has open was deleted or renamed since it was opened: what
  /// stands at `path` now, if anything, is another file (a restored backup moved into place).
  public var isFileReplaced: Bool {
    !isClosed && file.isReplaced
  }
}
