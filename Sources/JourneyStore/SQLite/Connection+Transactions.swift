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

extension Connection {
  /// Runs `body` with SQLite's page cache raised to at least `kibibytes`, and gives the cache its
  /// size back after: for one operation that reads many pages at random, such as editing
  /// thousands of journeys, which SQLite's default cache of 2 MiB reads from the file again and
  /// again. Below that default it only runs `body`, without a query.
  @discardableResult
  func withPageCache<T>(ofAtLeast kibibytes: Int, _ body: () throws -> T) throws -> T {
    guard kibibytes > Self.defaultPageCacheKiB else { return try body() }
    // A negative cache_size is in KiB, a positive one in pages.
    let previous = try pragma("cache_size")
    let current = previous < 0 ? -previous : previous * (try pragma("page_size")) / 1024
    guard Int64(kibibytes) > current else { return try body() }
    try execute("PRAGMA cache_size = -\(kibibytes)")
    defer { try? execute("PRAGMA cache_size = \(previous)") }
    return try body()
  }

  /// SQLite's default page cache, in KiB (`SQLITE_DEFAULT_CACHE_SIZE`, -2000).
  private static let defaultPageCacheKiB = 2000
}
