extension JourneyDatabase {
  /// What other processes commit from now on, as it is committed; see `OutsideChanges`.
  /// - Throws: `SQLiteError` when the change log cannot be read.
  public func outsideChanges() throws -> OutsideChanges {
    try markChangeLogPosition()
    return OutsideChanges(database: self, path: path)
  }

  /// A new subscription to the changes `refresh()` takes in from now on.
  func subscribeToChanges() -> ChangeSubscription {
    let subscription = ChangeSubscription()
    subscriptions.append(Weak(subscription))
    return subscription
  }
}
