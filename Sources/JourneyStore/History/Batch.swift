#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The writes of one transaction to the journey table, grouped under one batch of the change log
/// with a time and an origin.
///
/// roadtrip writes its own changes into the log, in the statements that make them or right after,
/// with the journey table's triggers silent (see `Schema`): the triggers are there for the writers
/// that know nothing of the log. A batch writes its row before its first write, which silences
/// them, and closes it before the commit. A transaction that writes nothing leaves no batch, and
/// one whose writes changed nothing has its batch removed: no history.
///
/// `Batch.write(on:origin:verify:beforeCommit:_:)` is the one door to such a write: only it makes
/// a batch, and only it closes one, so that no batch is ever committed open (which would silence
/// the triggers for every other writer from then on).
final class Batch {
  let connection: Connection
  private var origin: String
  private var kind = BatchKind.command
  /// The replicas whose changes a received batch applies (`nil`: a local batch).
  private var receivedFrom: String?
  private var reverts: Int64?
  private var logging = Logging.recorded
  /// The batch row's id, once written.
  private(set) var id: Int64?
  /// The journey table's largest rowid before the inserts the log does not hold yet, `nil` when
  /// there are none: SQLite gives a new row the largest rowid plus one, so those journeys are the
  /// ones after it. Read at the first such insert, so that a batch without inserts never reads it,
  /// and after the deletes before it (a delete of the newest journeys lowers the largest rowid).
  private var rowIDBeforeUnloggedInserts: Int64?
  private var insertStatement: Statement?
  /// The statements that set some fields, by the set of fields's `rawValue`: an array of every
  /// set, not a dictionary (one keyed by `[Int]` made the runtime look up `Array: Hashable`
  /// through every conformance of the static binary, a large part of one edit's cost: P3).
  /// The first half finds the row by id, the second by rowid.
  private var updateStatements = [Statement?](
    repeating: nil, count: 2 * JourneyFieldSet.combinations)
  /// The log rows of the updates, written several to a statement (`writeHeldLogRows()` writes
  /// those it holds).
  private var updateLog: UpdateLog
  /// The writes to journeys made so far, for the committed batch to carry (`CommittedBatch`);
  /// `nil` once it made a set-based one or more than `carriedWriteLimit`.
  private var writes: [JourneyWrite]? = []

  /// A command's batch of the current transaction, recorded, whose row is written with its first
  /// write.
  private init(connection: Connection, origin: String) {
    self.connection = connection
    self.origin = origin
    updateLog = UpdateLog(connection: connection)
  }

  /// Runs a write of journeys as one batch of the change log: begins an immediate (write-locked)
  /// transaction, runs `verify` (a check of the schema), hands `body` the batch to write through,
  /// closes the batch, hands its id to `beforeCommit` (`nil` when nothing changed and the batch
  /// was removed) and commits. When any of them throws, all of it is rolled back.
  /// - Returns: What `body` returned, and the batch committed (`nil`: no change, no batch).
  static func write<T>(
    on connection: Connection, origin: String, verify: () throws -> Void = {},
    beforeCommit: (Int64?) throws -> Void = { _ in }, _ body: (Batch) throws -> T
  ) throws -> (result: T, batch: CommittedBatch?) {
    try connection.transaction(.immediate) {
      try verify()
      let batch = Batch(connection: connection, origin: origin)
      let result = try body(batch)
      let id = try batch.close()
      try beforeCommit(id)
      return (result, id.map { CommittedBatch(id: $0, writes: batch.writes) })
    }
  }

  /// How many writes to journeys a committed batch carries at most: past them, its log rows
  /// say what it changed, and memory stays flat however large the batch.
  static let carriedWriteLimit = 1_024

  /// Keeps a write for the committed batch to carry, up to `carriedWriteLimit`.
  private func carry(_ write: JourneyWrite) {
    guard writes != nil else { return }
    if writes!.count < Self.carriedWriteLimit { writes!.append(write) } else { writes = nil }
  }

  /// Makes the batch an undo or redo of `target` rather than a command, before its first write.
  /// - Parameters:
  ///   - kind: An undo or a redo.
  ///   - logging: What the log records of the batch.
  func describe(as kind: BatchKind, reverting target: Int64, logging: Logging) {
    precondition(id == nil, "a batch is described before its first write")
    self.kind = kind
    self.reverts = target
    self.logging = logging
  }

  /// Makes the batch one that a sync received from other replicas, before its first write: its
  /// origin says so, and `batch.replica` names them, so that it is never sent back.
  /// - Parameter replicas: The replicas' ids, separated by spaces.
  func describeReceived(origin: String, replicas: String) {
    precondition(id == nil, "a batch is described before its first write")
    self.origin = origin
    receivedFrom = replicas
  }

  /// Whether the batch logs its changes.
  private var isRecorded: Bool {
    if case .recorded = logging { true } else { false }
  }

  /// Writes the batch row, once: closes a batch another program left open, and opens this one
  /// with the triggers silent (`BatchState.openSelfLogged`).
  /// - Returns: The batch's id.
  @discardableResult
  func open() throws -> Int64 {
    if let id { return id }
    try connection.run(Self.closeLeftOpen)
    let (source, inverted): (DatabaseValue, Int64) =
      switch logging {
      case .recorded: (.null, 0)
      case .derived(let source, let inverted): (.integer(source), inverted ? 1 : 0)
      }
    try connection.run(
      Self.insertOpenBatch,
      [
        .real(Date().timeIntervalSinceReferenceDate), .text(origin), .text(kind.rawValue),
        reverts.map { .integer($0) } ?? .null, source, .integer(inverted),
      ])
    let id = connection.lastInsertedRowID
    if let receivedFrom {
      try connection.run(
        "UPDATE batch SET replica = ? WHERE id = ?", [.text(receivedFrom), .integer(id)])
    }
    self.id = id
    return id
  }

  /// Closes the batch before the commit; removes it when it recorded nothing.
  /// - Returns: The batch's id, or `nil` when it wrote nothing or was empty and removed.
  private func close() throws -> Int64? {
    guard let id else { return nil }
    try writeHeldLogRows()
    try connection.run(Self.closeBatch, [.integer(id)])
    let isEmpty = try isRecorded && connection.firstValue("SELECT 1 FROM change WHERE batch = ? LIMIT 1", [.integer(id)]) == nil
    if isEmpty {
      try connection.run("DELETE FROM batch WHERE id = ?", [.integer(id)])
      // The id goes back to the pool, as if the batch had never been opened: no other connection
      // saw it. Ids of batches that were committed are never given again.
      try connection.run("UPDATE sqlite_sequence SET seq = seq - 1 WHERE name = 'batch' AND seq = ?", [.integer(id)])
      self.id = nil
      return nil
    }
    return id
  }

  /// Writes the log rows the batch holds back: those of its updates (`UpdateLog`), then the
  /// journeys inserted since the last call (or since the batch opened), with one statement.
  /// Whatever reads or writes the log in the batch's transaction calls it first: `close()`,
  /// every logged delete, a bulk insert before it builds the log's indexes again (so that the
  /// log's rows go in while they are dropped), a sync before it reads the log.
  func writeHeldLogRows() throws {
    if let id { try updateLog.write(batch: id) }
    try logInserts()
  }

  /// Records the journeys inserted since the last call with one statement, after the updates
  /// made before them; every logged update calls it first, so that the log keeps the order of
  /// the writes (a journey inserted, then replaced by a later record of the same import).
  ///
  /// `rangeThreshold` inserts or more are logged as a range of rowids (`ChangeLog.recordRange`,
  /// `Schema.version7`) rather than a row each: an import's log then costs two rows.
  private func logInserts() throws {
    guard let before = rowIDBeforeUnloggedInserts, let id else { return }
    rowIDBeforeUnloggedInserts = nil
    guard isRecorded else { return }
    try updateLog.write(batch: id)
    let last = try connection.firstValue("SELECT max(rowid) FROM journey")?.integer ?? before
    if last - before >= Self.rangeThreshold {
      _ = try ChangeLog(connection: connection).recordRange(batch: id, after: before)
      return
    }
    try connection.run(
      "INSERT INTO change (batch, journey, kind) SELECT ?, id, 'insert' FROM journey WHERE rowid > ? ORDER BY rowid",
      [.integer(id), .integer(before)])
  }

  /// How many inserts at once the log records as a range rather than a row each.
  static let rangeThreshold: Int64 = 1_024

  /// Notes where the inserts about to be made start, unless earlier ones are not logged yet.
  private func noteInserts() throws {
    guard rowIDBeforeUnloggedInserts == nil else { return }
    rowIDBeforeUnloggedInserts = try connection.firstValue("SELECT max(rowid) FROM journey")?.integer ?? 0
  }

  /// Inserts a journey.
  /// - Throws: `JourneyDatabaseError.duplicateID` when the id is taken, or `SQLiteError`.
  func insert(id: UUID, values: JourneyValues) throws {
    try open()
    try noteInserts()
    let statement = try insertJourney()
    try id.withLowercasedText { try statement.bind(text: $0, at: 1) }
    for (field, value) in values.fields {
      try statement.bind(value, at: Int32(field.index + 2))
    }
    do {
      try statement.execute()
      carry(.insert(id, values))
    } catch {
      // Not `catch let error where …`: that form crashes the Swift 6.3.1 optimizer here.
      if error.isUniquenessViolation { throw JourneyDatabaseError.duplicateID(id) }
      throw error
    }
  }

  /// Inserts the journeys a `SELECT` of the id and the field columns, in the order of
  /// `JourneyField.all`, returns (its `?1` bound to `parameter`), all at once.
  /// - Returns: How many journeys were inserted.
  func insertAll(selecting select: String, parameter: DatabaseValue) throws -> Int {
    writes = nil
    try open()
    try noteInserts()
    return try connection.run("INSERT INTO journey (id, \(Self.columns)) \(select)", [parameter])
  }

  /// Writes the fields whose value differs between `old` (the values the file holds) and `new`,
  /// in one statement: the row goes from one
  /// valid state to the next (a new start and a new duration are checked together), and the log
  /// records one write.
  /// - Parameter rowid: The journey's rowid, when the caller read the row in this transaction (a
  ///   sync's scan of the table): the row is then found by it, without a search of the ids'
  ///   index, and its id compared with `id` (a rowid that named another journey would be
  ///   `journeyNotFound`, not another journey's change).
  /// - Returns: The fields whose value differed, none when there was nothing to write (the
  ///   values are compared once, here, so a caller that needs to know does not compare them
  ///   first).
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  @discardableResult
  func update(id: UUID, rowid: Int64? = nil, from old: JourneyValues, to new: JourneyValues)
    throws -> JourneyFieldSet
  {
    let changed = new.changedFields(from: old)
    guard !changed.isEmpty else { return changed }
    let batch = try open()
    let update = try updateStatement(for: changed, byRowid: rowid != nil)
    var parameter: Int32 = 2
    for field in changed {
      try update.bind(new[field], at: parameter)
      parameter += 1
    }
    // The id bound from its text on the stack: no `String` for each journey.
    try id.withLowercasedText { text in
      if let rowid {
        try update.bind(.integer(rowid), at: 1)
        try update.bind(text: text, at: parameter)
      } else {
        try update.bind(text: text, at: 1)
      }
      try update.execute()
    }
    guard connection.changes == 1 else {
      throw JourneyDatabaseError.journeyNotFound(id.lowercasedText)
    }
    carry(.update(id, fields: changed, values: new))
    guard isRecorded else { return changed }
    try logInserts()
    try updateLog.append(journey: id, fields: changed, old: old, new: new, batch: batch)
    return changed
  }

  /// Deletes the journeys that the change-log rows `c` meeting `condition` (its `?1` bound to
  /// `parameter`) name, one row each, all at once: undoing an import of a million journeys. A
  /// recorded batch logs every value of each first, in the order of those rows, with one
  /// statement.
  ///
  /// `parameter` is the batch whose rows name the journeys. Its ranges (`Schema.version7`) hold
  /// journeys too: with `anchoringRanges` (the condition names all the batch's inserts, and the
  /// batch deleted none of them), a recorded batch deletes each range's journeys by rowid and
  /// logs their deletes in the range's order, and the range then stands for its inserts through
  /// those rows (`ChangeLog.anchorRanges`): none is written out. Otherwise they are resolved
  /// first, since the condition reads `change` (as `c`). So are the ranges that hold a journey
  /// deleted, whose rowid may be given again (`ChangeLog.resolveRanges(holdingRowidsOf:)`). The
  /// batch's own inserts are logged before, so that none is left out of a range.
  ///
  /// Both statements walk the log's rows in order and find each journey by id, and the delete
  /// goes through the journeys in the order of the table (by rowid): no sort of the journeys'
  /// values and no set of their ids, which took twice as long.
  /// - Returns: How many journeys were deleted.
  func deleteAll(namedBy condition: String, parameter: DatabaseValue, anchoringRanges: Bool = false)
    throws -> Int
  {
    writes = nil
    let batch = try open()
    try writeHeldLogRows()
    let log = ChangeLog(connection: connection)
    let named = "FROM change c CROSS JOIN journey j ON j.id = c.journey WHERE \(condition)"
    let deletes = "SELECT ?2, j.id, 'delete', \(Self.joinedColumns) \(named)"
    var spans: [ClosedRange<Int64>] = []
    if anchoringRanges && isRecorded {
      // The rows of `change` between the ranges are logged in their places: ids from `logged` on.
      var logged: Int64 = 0
      spans = try log.anchorRanges(of: parameter, deletedBy: batch) { bound in
        try logDeletes(
          "\(deletes) AND c.id >= ?3 AND c.id < ?4 ORDER BY c.id",
          [parameter, .integer(batch), .integer(logged), .integer(bound)])
        logged = bound
      }
      // After the anchoring: a range the batch still reads from the journey table would be
      // walked journey by journey here.
      try log.resolveRanges(holdingRowidsOf: "SELECT j.rowid \(named)", parameter: parameter)
      try logDeletes(
        "\(deletes) AND c.id >= ?3 ORDER BY c.id", [parameter, .integer(batch), .integer(logged)])
    } else {
      try log.resolveRanges(of: parameter)
      try log.resolveRanges(holdingRowidsOf: "SELECT j.rowid \(named)", parameter: parameter)
      try logDeletes("\(deletes) ORDER BY c.id", parameter)
    }
    var deleted = 0
    for span in spans {
      deleted += try connection.run(
        "DELETE FROM journey WHERE rowid BETWEEN ? AND ?",
        [.integer(span.lowerBound), .integer(span.upperBound)])
    }
    return try deleted
      + connection.run("DELETE FROM journey WHERE rowid IN (SELECT j.rowid \(named))", [parameter])
  }

  /// Deletes a journey; a recorded batch logs every value it held first. A range of the log that
  /// holds it is resolved first (`ChangeLog.resolveRanges(holding:)`): its rowid may be given again;
  /// the batch's own inserts are logged before, so that the journey is not left out of a range.
  /// - Throws: `JourneyDatabaseError.journeyNotFound` when no such journey exists, or `SQLiteError`.
  func delete(id: UUID) throws {
    try open()
    try writeHeldLogRows()
    try ChangeLog(connection: connection).resolveRanges(holding: id)
    let key = DatabaseValue.text(id.lowercasedText)
    try logDeletes("SELECT ?2, id, 'delete', \(Self.columns) FROM journey WHERE id = ?1", key)
    guard try connection.run("DELETE FROM journey WHERE id = ?", [key]) == 1 else {
      throw JourneyDatabaseError.journeyNotFound(id.lowercasedText)
    }
    carry(.delete(id))
  }

  /// Opens the batch and, when it is recorded, logs deletes with every value they hold, before
  /// they are made: the rows of `select`, whose `?1` is bound to `parameter` and `?2` to the
  /// batch (the batch, the journey, `'delete'`, then the fields' values).
  private func logDeletes(_ select: String, _ parameter: DatabaseValue) throws {
    let batch = try open()
    try logDeletes(select, [parameter, .integer(batch)])
  }

  /// Logs deletes as `logDeletes(_:_:)` does, the parameters of `select` all given.
  private func logDeletes(_ select: String, _ parameters: [DatabaseValue]) throws {
    guard isRecorded else { return }
    try writeHeldLogRows()
    try connection.run(
      "INSERT INTO change (batch, journey, kind, \(Self.oldColumns)) \(select)", parameters)
  }

  /// The field columns of the journey table, and of the change log's old values.
  static let columns = JourneyField.all.map(\.column).joined(separator: ", ")
  static let oldColumns = JourneyField.all.map { "old_\($0.column)" }.joined(separator: ", ")
  static let joinedColumns = JourneyField.all.map { "j.\($0.column)" }.joined(separator: ", ")

  /// The statement that inserts a journey, prepared once for the batch.
  private func insertJourney() throws -> Statement {
    if let insertStatement { return insertStatement }
    let statement = try connection.statement(Self.insertJourney)
    insertStatement = statement
    return statement
  }

  /// The statement that sets some fields of the row with the id `?1` (or the rowid `?1` and the
  /// id after the fields' values), prepared once for the batch.
  private func updateStatement(for fields: JourneyFieldSet, byRowid: Bool) throws -> Statement {
    let index = Int(fields.rawValue) + (byRowid ? JourneyFieldSet.combinations : 0)
    if let made = updateStatements[index] { return made }
    let columns = fields.map(\.column)
    let assignments = columns.enumerated().map { "\($0.element) = ?\($0.offset + 2)" }.joined(separator: ", ")
    let row = byRowid ? "rowid = ?1 AND id = ?\(columns.count + 2)" : "id = ?1"
    let update = try connection.statement("UPDATE journey SET \(assignments) WHERE \(row)")
    updateStatements[index] = update
    return update
  }

}
