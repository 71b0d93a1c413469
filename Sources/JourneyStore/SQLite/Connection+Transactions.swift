extension Connection {
  /// How a transaction takes its locks.
  enum TransactionKind: String {
    /// Takes the write lock at once, so that what it reads cannot change before it writes.
    case immediate = "IMMEDIATE"
    /// Takes locks as statements need them: for transactions that only read.
    case deferred = "DEFERRED"
  }

  /// Runs `body` in a transaction: commits when it returns, rolls back when it or the commit throws.
  @discardableResult
  func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
    try execute("BEGIN \(kind.rawValue)")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      if isInTransaction { try? execute("ROLLBACK") }
      throw error
    }
  }

  /// Runs `body` in a savepoint inside the current transaction (or as one of its own): what
  /// `body` wrote is undone when it throws, and the rest of the transaction goes on.
  @discardableResult
  func savepoint<T>(_ body: () throws -> T) throws -> T {
    try execute("SAVEPOINT nested")
    do {
      let result = try body()
      try execute("RELEASE nested")
      return result
    } catch {
      try? execute("ROLLBACK TO nested")
      try? execute("RELEASE nested")
      throw error
    }
  }
}
