import CSQLite
import Foundation
import Testing
@testable import JourneyStore

/// A batch holds its updates' log rows back and writes them several to a statement
/// (`UpdateLog`): the log must hold exactly the rows that the table's triggers write for the same
/// writes made by another program, one row a write, in the same order and with the same ids.
@Suite("The log of a batch's updates")
struct UpdateLogTests {
  /// One write of the sequence both files get.
  private enum Write {
    case update(Int, JourneyValues)
    case insert(UUID, JourneyValues)
    case delete(Int)
  }

  @Test func holdsTheRowsTheTriggersWriteForTheSameWrites() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journeys = (0..<60).map {
      Journey(
        name: "Journey \($0)", transportationType: .bike, startDate: Fixtures.morning,
        duration: 600)
    }
    try database.add(contentsOf: journeys)
    let outside = folder.file("outside.sqlite")
    try Connection(path: database.path, busyTimeout: .seconds(5))
      .execute("VACUUM INTO '\(outside)'")
    let writes = Self.writes(of: journeys)

    try database.writer.write { batch in
      for write in writes {
        switch write {
        case .update(let index, let values):
          let id = journeys[index].id
          guard let old = try JourneyRow.values(of: id, in: database.connection) else { continue }
          try batch.update(id: id, from: old, to: values)
        case .insert(let id, let values): try batch.insert(id: id, values: values)
        case .delete(let index): try batch.delete(id: journeys[index].id)
        }
      }
    }
    let other = try Connection(path: outside, busyTimeout: .seconds(5))
    try other.transaction {
      for write in writes {
        switch write {
        case .update(let index, let values):
          try other.run(
            "UPDATE journey SET name = ?, transportation_type = ?, start_date = ?, duration = ? "
              + "WHERE id = ?", values.stored + [.text(journeys[index].id.lowercasedText)])
        case .insert(let id, let values):
          try other.run(
            "INSERT INTO journey (id, \(Batch.columns)) VALUES (?, ?, ?, ?, ?)",
            [.text(id.lowercasedText)] + values.stored)
        case .delete(let index):
          try other.run(
            "DELETE FROM journey WHERE id = ?", [.text(journeys[index].id.lowercasedText)])
        }
      }
    }

    let mine = try Self.log(in: database.path)
    #expect(mine.count > 2 * UpdateLog.rowsAStatement)
    // Every column but the batch: the triggers make a batch a statement.
    let theirs = try Self.log(in: outside)
    #expect(mine.count == theirs.count)
    #expect(mine.map(Self.withoutBatch) == theirs.map(Self.withoutBatch))
    let batches = Set(mine.suffix(from: journeys.count).map { $0[1] })
    #expect(batches.count == 1)
  }

  /// A write of the held rows that fails (SQLite refuses the statement of many rows: its
  /// connection takes fewer parameters) fails the batch: nothing is written, and a body that
  /// goes on after the error cannot commit its updates without their log rows.
  @Test(arguments: [false, true])
  func aFailedWriteOfTheHeldRowsFailsTheBatch(bodyGoesOn: Bool) throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journeys = (0..<20).map { Journey(name: "Journey \($0)") }
    try database.add(contentsOf: journeys)
    let before = try Self.log(in: database.path)
    sqlite3_limit(database.connection.handle, SQLITE_LIMIT_VARIABLE_NUMBER, 20)
    var failures = 0
    #expect(throws: SQLiteError.self) {
      try database.writer.write { batch in
        for journey in journeys {
          let old = JourneyValues(readingUntracked: journey)
          var new = old
          new[.name] = .text("Renamed")
          do {
            try batch.update(id: journey.id, from: old, to: new)
          } catch {
            failures += 1
            if !bodyGoesOn { throw error }
          }
        }
      }
    }
    // The 16th update's write of the rows failed; with the body going on, every later one.
    #expect(failures == (bodyGoesOn ? 5 : 1))
    #expect(try Self.log(in: database.path) == before)
    for journey in journeys {
      #expect(try Fixtures.row(journey.id, in: database.path)?.first == .text(journey.name))
    }
  }

  /// An update the table refuses (a start and a duration that end after the year 9999), caught
  /// and gone past as a sync does, writes no row and no log row; the updates around it, held
  /// before and after, are all logged, in their order.
  @Test func anUpdateTheTableRefusesBetweenHeldOnesLogsNothing() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journeys = (0..<40).map { Journey(name: "Journey \($0)") }
    try database.add(contentsOf: journeys)
    let refusedIndex = 20
    var refusals = 0
    try database.writer.write { batch in
      for (index, journey) in journeys.enumerated() {
        let old = JourneyValues(readingUntracked: journey)
        var new = old
        new[.name] = .text("Renamed \(index)")
        if index == refusedIndex {
          new[.startDate] = .real(252_423_993_600 - 86_400)
          new[.duration] = .real(30 * 86_400)
        }
        do {
          try batch.update(id: journey.id, from: old, to: new)
        } catch {
          guard (error as? SQLiteError)?.kind == .constraint else { throw error }
          refusals += 1
        }
      }
    }
    #expect(refusals == 1)
    let updates = try Fixtures.changes(in: database.path).filter { $0.kind == "update" }
    let logged = journeys.enumerated().filter { $0.offset != refusedIndex }
    #expect(updates.map(\.journey) == logged.map { $0.element.id.lowercasedText })
    #expect(updates.map(\.new) == logged.map { .text("Renamed \($0.offset)") })
    let refused = journeys[refusedIndex]
    #expect(try Fixtures.row(refused.id, in: database.path)?.first == .text(refused.name))
  }

  /// More updates than two statements take, of one field, of several, of each field (the start
  /// and the duration together), with inserts and deletes between them, which write the rows
  /// held before theirs, and updates that change nothing.
  private static func writes(of journeys: [Journey]) -> [Write] {
    var writes: [Write] = []
    for index in 0..<45 {
      var values = JourneyValues(readingUntracked: journeys[index])
      switch index % 5 {
      case 0: values[.name] = .text("Renamed \(index)")
      case 1: values[.duration] = .real(Double(1_200 + index))
      case 2:
        values[.startDate] = .real(Fixtures.morning.timeIntervalSinceReferenceDate + 60)
        values[.duration] = .real(30)
      case 3:
        values[.name] = .text("Moved \(index)")
        values[.transportationType] = .text("car")
      default: break
      }
      writes.append(.update(index, values))
      if index == 20 || index == 37 {
        let added = Journey(name: "Added \(index)")
        writes.append(.insert(added.id, JourneyValues(readingUntracked: added)))
      }
      if index == 22 { writes.append(.delete(55)) }
      if index == 40 {
        writes.append(.update(index - 30, JourneyValues(readingUntracked: journeys[0])))
      }
    }
    return writes
  }

  private static func withoutBatch(_ row: [DatabaseValue]) -> [DatabaseValue] {
    [row[0]] + row.dropFirst(2)
  }

  /// Every row of the log, as the file holds it.
  private static func log(in path: String) throws -> [[DatabaseValue]] {
    var rows: [[DatabaseValue]] = []
    try Connection(path: path, busyTimeout: .seconds(5)).forEachRow(
      "SELECT * FROM change ORDER BY id"
    ) { row in
      rows.append((0..<row.columnCount).map { row.value(at: $0) })
    }
    return rows
  }
}
