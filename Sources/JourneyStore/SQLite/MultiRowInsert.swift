/// Rows held back and written to a table `rowsAStatement` at a time with one prepared `INSERT`:
/// each statement costs SQLite a fixed amount of work whatever it writes (halting, closing its
/// cursors, resetting), and a writer of many rows would otherwise pay it for every row.
///
/// Fewer rows than a full statement takes are written one by one, each with the statement of its
/// shape (`oneRowSQL`), so that a write of a single row costs what it did without this. A
/// statement's parameters are cleared after each run and after a failure (`Statement.reset()`),
/// so that a parameter its rows leave unbound is `NULL` and no value is left over for the next.
///
/// The statements are prepared on first use and kept. `UpdateLog` (the change log's rows of a
/// batch's updates) and `RegisterStore` (a sync's registers) write through one.
struct MultiRowInsert<Row> {
  /// How many rows the statement of many writes.
  let rowsAStatement: Int
  private let connection: Connection
  private let manyRowsSQL: String
  private let oneRowSQL: (Int) -> String
  /// The rows not written yet, in the order they came.
  private var held: [Row] = []
  private var manyRows: Statement?
  /// The statements that write one row, by shape.
  private var oneRow: [Statement?]

  /// - Parameters:
  ///   - rowsAStatement: How many rows the statement of many writes.
  ///   - manyRowsSQL: That statement.
  ///   - shapes: How many statements of one row there are (rows that bind different columns
  ///     have statements of their own); the shape of a row is given to `write`.
  ///   - oneRowSQL: The statement that writes one row of a shape.
  init(
    connection: Connection, rowsAStatement: Int, manyRowsSQL: String, shapes: Int = 1,
    oneRowSQL: @escaping (_ shape: Int) -> String
  ) {
    self.connection = connection
    self.rowsAStatement = rowsAStatement
    self.manyRowsSQL = manyRowsSQL
    self.oneRowSQL = oneRowSQL
    oneRow = Array(repeating: nil, count: shapes)
    held.reserveCapacity(rowsAStatement)
  }

  /// Whether no row is held.
  var isEmpty: Bool { held.isEmpty }

  /// Holds a row.
  /// - Returns: Whether the rows held fill the statement of many: the caller writes them then.
  mutating func append(_ row: Row) -> Bool {
    held.append(row)
    return held.count == rowsAStatement
  }

  /// Writes every row held, then holds none: a full statement's rows with the statement of many,
  /// fewer one by one with the statement of each row's shape.
  /// - Parameters:
  ///   - shape: The shape of a row, below the `shapes` given at `init`.
  ///   - shared: Binds the parameters every row of a statement shares (such as `?1`), once a
  ///     statement.
  ///   - bind: Binds a row: the `offset`-th of the statement of many, or `nil` alone in the
  ///     statement of its shape.
  mutating func write(
    shape: (Row) -> Int = { _ in 0 }, shared: (Statement) throws -> Void = { _ in },
    bind: (Statement, Row, _ offset: Int?) throws -> Void
  ) throws {
    guard !held.isEmpty else { return }
    defer { held.removeAll(keepingCapacity: true) }
    if held.count == rowsAStatement {
      let statement = try manyRowsStatement()
      try Self.run(statement) {
        try shared(statement)
        for (offset, row) in held.enumerated() { try bind(statement, row, offset) }
      }
    } else {
      for row in held {
        let statement = try oneRowStatement(shape(row))
        try Self.run(statement) {
          try shared(statement)
          try bind(statement, row, nil)
        }
      }
    }
  }

  /// Binds a statement's values, then runs it; a failure resets it, which unbinds them.
  private static func run(_ statement: Statement, binding: () throws -> Void) throws {
    do {
      try binding()
      try statement.execute()
    } catch {
      statement.reset()
      throw error
    }
  }

  private mutating func manyRowsStatement() throws -> Statement {
    if let manyRows { return manyRows }
    let statement = try connection.statement(manyRowsSQL)
    manyRows = statement
    return statement
  }

  private mutating func oneRowStatement(_ shape: Int) throws -> Statement {
    if let made = oneRow[shape] { return made }
    let statement = try connection.statement(oneRowSQL(shape))
    oneRow[shape] = statement
    return statement
  }
}
