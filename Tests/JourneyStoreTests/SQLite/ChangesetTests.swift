import Foundation
import Testing
@testable import JourneyStore

@Suite("Changesets: writing and reading")
struct ChangesetTests {
  let item = ChangesetSamples.item

  @Test(arguments: ChangesetSamples.values)
  func everyValueKindRoundTripsThroughSQLitesIterator(value: DatabaseValue) throws {
    let changes: [RowChange] = [
      .insert([.text("a"), value, .integer(1)]),
      .update(old: [.text("b"), value, nil], new: [nil, .text("changed"), nil]),
      .update(old: [.text("c"), nil, .blob([1])], new: [nil, nil, value]),
      .delete([.text("d"), .null, value]),
    ]
    let changeset = try Changeset(table: item, changes: changes)
    #expect(try changeset.changes(of: item) == changes)
  }

  @Test(arguments: ChangesetSamples.values)
  func theBytesAreTheOnesASessionRecords(value: DatabaseValue) throws {
    let oracle = try SessionRecorder(table: item, rows: [[.text("old"), value, .null]])
    for change: RowChange in [
      .insert([.text("new"), value, .integer(-7)]),
      .update(old: [.text("old"), nil, .null], new: [nil, nil, value]),
      .delete([.text("old"), value, value]),
    ] {
      let recorded = try oracle.record([change])
      #expect(try Changeset(table: item, changes: [change]) == recorded, "\(change)")
    }
  }

  @Test func aNaNIsTheNULLSQLiteStores() throws {
    let changeset = try Changeset(
      table: item, changes: [.insert([.text("a"), .real(.nan), .real(-.nan)])])
    #expect(try changeset.changes(of: item) == [.insert([.text("a"), .null, .null])])
    let unchanged = try Changeset(
      table: item, changes: [.update(old: [.text("a"), .null, nil], new: [nil, .real(.nan), nil])])
    #expect(unchanged.bytes.isEmpty, "NULL to NaN is no change")
  }

  @Test func aKeyOfTwoColumns() throws {
    let pair = ChangesetSamples.pair
    let changes: [RowChange] = [
      .insert([.text("a"), .integer(1), .real(2.5)]),
      .insert([.text("a"), .integer(2), .null]),
      .update(old: [.text("b"), .integer(1), .null], new: [nil, nil, .blob([9])]),
      .delete([.text("c"), .integer(3), .text("x")]),
    ]
    let changeset = try Changeset(table: pair, changes: changes)
    #expect(try changeset.changes(of: pair) == changes)
    let oracle = try SessionRecorder(
      table: pair,
      rows: [[.text("b"), .integer(1), .null], [.text("c"), .integer(3), .text("x")]])
    #expect(try Set(oracle.record(changes).changes(of: pair)) == Set(changes))
  }

  @Test func noChangesAreNoBytes() throws {
    let changeset = try Changeset(table: item, changes: [])
    #expect(changeset.bytes.isEmpty)
    #expect(try changeset.changes(of: item).isEmpty)
    #expect(try changeset.inverted().bytes.isEmpty)
  }

  // Several changes of one row, as a session records them: the row before them (if any), the
  // changes, what they combine to.
  @Test(
    arguments: [
      // Inserted, then updated: an insert of the last values.
      (
        nil,
        [
          .insert([.text("a"), .integer(1), .integer(2)]),
          .update(old: [.text("a"), .integer(1), nil], new: [nil, .integer(3), nil]),
          .update(old: [.text("a"), nil, .integer(2)], new: [nil, nil, .text("z")]),
        ],
        [.insert([.text("a"), .integer(3), .text("z")])]
      ),
      // Inserted, then deleted: nothing.
      (
        nil,
        [
          .insert([.text("a"), .integer(1), .integer(2)]),
          .delete([.text("a"), .integer(1), .integer(2)]),
        ], []
      ),
      // Updated twice: one update from the first old values to the last new ones.
      (
        [.text("a"), .integer(1), .real(0.5)],
        [
          .update(old: [.text("a"), .integer(1), nil], new: [nil, .integer(2), nil]),
          .update(old: [.text("a"), .integer(2), .real(0.5)], new: [nil, .integer(3), .real(-1)]),
        ],
        [.update(old: [.text("a"), .integer(1), .real(0.5)], new: [nil, .integer(3), .real(-1)])]
      ),
      // Updated and back: nothing.
      (
        [.text("a"), .integer(1), .null],
        [
          .update(old: [.text("a"), .integer(1), nil], new: [nil, .integer(2), nil]),
          .update(old: [.text("a"), .integer(2), nil], new: [nil, .integer(1), nil]),
        ], []
      ),
      // Updated, then deleted: a delete of the first values.
      (
        [.text("a"), .integer(1), .blob([1])],
        [
          .update(old: [.text("a"), .integer(1), nil], new: [nil, .integer(2), nil]),
          .delete([.text("a"), .integer(2), .blob([1])]),
        ],
        [.delete([.text("a"), .integer(1), .blob([1])])]
      ),
      // Deleted, then inserted: an update of what differs.
      (
        [.text("a"), .integer(1), .text("same")],
        [
          .delete([.text("a"), .integer(1), .text("same")]),
          .insert([.text("a"), .real(1), .text("same")]),
        ],
        [.update(old: [.text("a"), .integer(1), nil], new: [nil, .real(1), nil])]
      ),
      // Inserted, deleted and inserted again: the last insert.
      (
        nil,
        [
          .insert([.text("a"), .integer(1), .null]), .delete([.text("a"), .integer(1), .null]),
          .insert([.text("a"), .integer(2), .null]),
        ],
        [.insert([.text("a"), .integer(2), .null])]
      ),
    ] as [([DatabaseValue]?, [RowChange], [RowChange])])
  func changesOfOneRowCombineAsASessionRecordsThem(
    before: [DatabaseValue]?, changes: [RowChange], combined: [RowChange]
  ) throws {
    let changeset = try Changeset(table: item, changes: changes)
    #expect(try changeset.changes(of: item) == combined)
    #expect(
      try SessionRecorder(table: item, rows: before.map { [$0] } ?? []).record(changes) == changeset
    )
  }

  /// A session compares REALs as numbers, so it records no change from 0.0 to -0.0; the codec
  /// compares them by their bits, as `DatabaseValue` does, and keeps the change.
  @Test func aZeroChangingItsSignIsAChange() throws {
    let change = RowChange.update(old: [.text("a"), .real(0), nil], new: [nil, .real(-0.0), nil])
    #expect(try Changeset(table: item, changes: [change]).changes(of: item) == [change])
    #expect(
      try SessionRecorder(table: item, rows: [[.text("a"), .real(0), .null]]).record([change]).bytes
        .isEmpty)
  }

  @Test func rowsComeInTheOrderOfTheirFirstChange() throws {
    let changes: [RowChange] =
      (0..<50).map { .insert([.integer(Int64(49 - $0)), .null, .null]) }
      + [.update(old: [.integer(49), .null, nil], new: [nil, .integer(1), nil])]
    let read = try Changeset(table: item, changes: changes).changes(of: item)
    #expect(read.count == 50)
    #expect(read.first == .insert([.integer(49), .integer(1), .null]))
    #expect(read.last == .insert([.integer(0), .null, .null]))
  }

  /// Random inserts, updates and deletes of a few rows, some of them several times: the codec's
  /// changeset holds what a session records of the same changes made by SQL.
  @Test func randomChangesCombineAsASessionRecordsThem() throws {
    var generator = SeededGenerator(seed: 24)
    for round in 0..<200 {
      var rows: [DatabaseValue: [DatabaseValue]] = [:]
      for id in 0..<4 where Bool.random(using: &generator) {
        rows[.integer(Int64(id))] = [.integer(Int64(id))] + randomValues(2, using: &generator)
      }
      let before = Array(rows.values)
      var changes: [RowChange] = []
      for _ in 0..<Int.random(in: 1...12, using: &generator) {
        let id = DatabaseValue.integer(Int64.random(in: 0..<6, using: &generator))
        guard let current = rows[id] else {
          let values = [id] + randomValues(2, using: &generator)
          changes.append(.insert(values))
          rows[id] = values
          continue
        }
        if Int.random(in: 0..<4, using: &generator) == 0 {
          changes.append(.delete(current))
          rows[id] = nil
          continue
        }
        var old: [DatabaseValue?] = [id, nil, nil]
        var new: [DatabaseValue?] = [nil, nil, nil]
        var next = current
        for column in 1...2 where Bool.random(using: &generator) {
          old[column] = current[column]
          new[column] = randomValues(1, using: &generator)[0]
          next[column] = new[column]!
        }
        changes.append(.update(old: old, new: new))
        rows[id] = next
      }
      let recorded = try SessionRecorder(table: item, rows: before).record(changes)
      let written = try Changeset(table: item, changes: changes)
      #expect(
        try Set(written.changes(of: item)) == Set(recorded.changes(of: item)),
        "round \(round): \(changes)")
      #expect(written.bytes.count == recorded.bytes.count, "round \(round)")
    }
  }

  private func randomValues(_ count: Int, using generator: inout SeededGenerator) -> [DatabaseValue]
  {
    // Without -0.0, which a session does not tell from 0.0 (`aZeroChangingItsSignIsAChange`).
    let pool =
      ChangesetSamples.values.filter { $0.text?.utf8.count ?? 0 < 100 && $0 != .real(-0.0) } + [
        .real(.nan)
      ]
    return (0..<count).map { _ in pool.randomElement(using: &generator)! }
  }

  @Test func aChangeTheTableCannotHoldIsRefused() throws {
    let refused: [[RowChange]] = [
      [.insert([.text("a"), .null])],
      [.insert([.null, .null, .null])],
      [.delete([.text("a"), .null, .null, .null])],
      [.update(old: [nil, .integer(1), nil], new: [nil, .integer(2), nil])],
      [.update(old: [.text("a"), .integer(1), nil], new: [.text("b"), .integer(2), nil])],
      [.update(old: [.text("a"), nil, nil], new: [nil, .integer(2), nil])],
      [.update(old: [.text("a"), nil], new: [nil, .integer(2), nil])],
      [.insert([.text("a"), .null, .null]), .insert([.text("a"), .null, .null])],
      [.delete([.text("a"), .null, .null]), .delete([.text("a"), .null, .null])],
      [
        .delete([.text("a"), .null, .null]),
        .update(old: [.text("a"), .null, nil], new: [nil, .integer(1), nil]),
      ],
    ]
    for changes in refused {
      let error = try #require(throws: SQLiteError.self, "\(changes)") {
        try Changeset(table: item, changes: changes)
      }
      #expect(error.resultCode == .misuse)
      #expect(error.message.hasPrefix("changeset of item: "), "\(error.message)")
    }
    for table in [
      ChangesetTable(name: "nul\u{0}name", columns: ["id"], primaryKeyColumns: 1),
      ChangesetTable(name: "keyless", columns: ["id"], primaryKeyColumns: 0),
      ChangesetTable(name: "short", columns: ["id"], primaryKeyColumns: 2),
    ] {
      #expect(throws: SQLiteError.self) {
        try Changeset(table: table, changes: [.insert([.integer(1)])])
      }
    }
  }

  @Test func aChangesetOfAnotherTableShapeIsRefused() throws {
    let changeset = try Changeset(table: item, changes: [.insert([.text("a"), .null, .null])])
    for other in [
      ChangesetTable(name: "items", columns: item.columns, primaryKeyColumns: 1),
      ChangesetTable(name: "ite", columns: item.columns, primaryKeyColumns: 1),
      ChangesetTable(name: "ITEM", columns: item.columns, primaryKeyColumns: 1),
      ChangesetTable(name: "item", columns: ["id", "first"], primaryKeyColumns: 1),
      ChangesetTable(name: "item", columns: item.columns + ["third"], primaryKeyColumns: 1),
      ChangesetTable(name: "item", columns: item.columns, primaryKeyColumns: 2),
    ] {
      let error = try #require(throws: SQLiteError.self, "\(other)") {
        try changeset.changes(of: other)
      }
      #expect(error.resultCode == .format)
      #expect(error.kind == .corrupt)
      #expect(
        error.message.hasPrefix(
          "a changeset of table item (3 columns, key column 1) where one of "), "\(error.message)")
    }
  }

  @Test func inversionSwapsTheChanges() throws {
    let changeset = try Changeset(
      table: item,
      changes: [
        .insert([.text("a"), .integer(1), .null]),
        .update(old: [.text("b"), .real(-0.0), nil], new: [nil, .real(0), nil]),
        .delete([.text("c"), .invalidText([0xFF]), .blob([])]),
      ])
    #expect(
      try changeset.inverted().changes(of: item) == [
        .delete([.text("a"), .integer(1), .null]),
        .update(old: [.text("b"), .real(0), nil], new: [nil, .real(-0.0), nil]),
        .insert([.text("c"), .invalidText([0xFF]), .blob([])]),
      ])
    #expect(try changeset.inverted().inverted() == changeset)
  }

  @Test func aHundredThousandRowsStreamThrough() throws {
    let count = 100_000
    let inserts = try Changeset(
      table: item,
      changes: (0..<count).map {
        .insert([.text("row \($0)"), .integer(Int64($0)), .text("some name")])
      })
    var seen = 0
    try inserts.forEachChange(of: item) { change in
      #expect(change == .insert([.text("row \(seen)"), .integer(Int64(seen)), .text("some name")]))
      seen += 1
    }
    #expect(seen == count)
    let updates = try Changeset(
      table: item,
      changes: (0..<count).map {
        .update(
          old: [.text("row \($0)"), .integer(Int64($0)), nil], new: [nil, .integer(-1), nil])
      })
    #expect(try updates.changes(of: item).count == count)
  }
}
