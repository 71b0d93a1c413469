import CSQLite
import Foundation
import Testing
@testable import JourneyStore

/// `Changeset.forEachChange` reads the bytes itself: every test here checks that it reads exactly
/// what SQLite's iterator reads (`forEachChangeReadBySQLite`), the same changes or the same
/// error, on changesets written, recorded by a session, crafted, truncated and damaged.
@Suite("Changesets: read as SQLite's iterator reads them")
struct ChangesetReadingTests {
  let item = ChangesetSamples.item
  let pair = ChangesetSamples.pair

  @Test func everyValueKindInEveryPlace() throws {
    for value in ChangesetSamples.values {
      let changes: [RowChange] = [
        .insert([.text("a"), value, value]),
        .update(old: [.text("b"), value, nil], new: [nil, .text("changed"), nil]),
        .update(old: [.text("c"), nil, value], new: [nil, nil, value]),
        .update(old: [value, value, value], new: [value, value, value]),
        .delete([value, .null, value]),
      ]
      var writer = ChangesetWriter()
      writer.appendHeader(of: item)
      for change in changes { writer.append(change) }
      let read = try Self.expectSameReading(Changeset(bytes: writer.bytes), of: item)
      #expect(read == changes, "\(value)")
    }
  }

  /// Reals at the edges, among them NaNs of every kind written as they are (`ChangesetWriter`
  /// writes NULL for a NaN): SQLite reads a NaN as NULL.
  @Test func realsAtTheEdgesAndNaNs() throws {
    let patterns: [UInt64] = [
      0, 0x8000_0000_0000_0000, 1, 0x000F_FFFF_FFFF_FFFF, 0x0010_0000_0000_0000,
      0x7FEF_FFFF_FFFF_FFFF, 0x7FF0_0000_0000_0000, 0xFFF0_0000_0000_0000,
      0x7FF8_0000_0000_0000, 0xFFF8_0000_0000_0000, 0x7FF0_0000_0000_0001,
      0x7FF4_0000_0000_0000, 0xFFFF_FFFF_FFFF_FFFF, 0x3FF0_0000_0000_0000,
    ]
    let header: [UInt8] = [0x54, 0x03, 0x01, 0x00, 0x00] + Array("item\0".utf8)
    for pattern in patterns {
      let real = withUnsafeBytes(of: pattern.bigEndian) { Array($0) }
      let bytes =
        header + [0x12, 0x00, 0x03, 0x01, 0x61, 0x02] + real + [0x05]
        + [0x17, 0x00, 0x03, 0x01, 0x62, 0x02] + real + [0x00, 0x00, 0x02] + real + [0x00]
      let read = try Self.expectSameReading(Changeset(bytes: bytes), of: item)
      let double = Double(bitPattern: pattern)
      let value: DatabaseValue = double.isNaN ? .null : .real(double)
      #expect(
        read == [
          .insert([.text("a"), value, .null]),
          .update(old: [.text("b"), value, nil], new: [nil, value, nil]),
        ], "\(pattern)")
    }
  }

  /// Texts as SQLite holds them: empty (not NULL), with NULs, not UTF-8, every naughty string;
  /// and a length written in more bytes than it needs.
  @Test func textsAsTheyLie() throws {
    let header: [UInt8] = [0x54, 0x03, 0x01, 0x00, 0x00] + Array("item\0".utf8)
    let texts: [[UInt8]] =
      [[], [0], [0, 0], [0x41, 0], [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xEF, 0xBB, 0xBF]]
      + (try Self.naughtyStrings()).map { Array($0.utf8) }
    for text in texts {
      var writer = ChangesetWriter()
      writer.appendHeader(of: item)
      writer.append(.insert([.text("key"), .invalidText(text), .blob(text)]))
      let read = try Self.expectSameReading(Changeset(bytes: writer.bytes), of: item)
      let expected = text.withUnsafeBufferPointer { DatabaseValue(text: $0) }
      #expect(read == [.insert([.text("key"), expected, .blob(text)])], "\(text)")
    }
    // 3 as a two-byte and as a nine-byte varint.
    for length: [UInt8] in [[0x80, 0x03], [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x03]] {
      let bytes = header + [0x12, 0x00, 0x03] + length + Array("abc".utf8) + [0x05, 0x05]
      let read = try Self.expectSameReading(Changeset(bytes: bytes), of: item)
      #expect(read == [.insert([.text("abc"), .null, .null])])
    }
  }

  /// A text or a blob longer than SQLite makes a value of (1,000,000,000 bytes) is refused as too
  /// big before its bytes are looked for, by the layout's check, so by both readers and by what
  /// inverts and applies; one of the longest length whose bytes are missing is damaged.
  @Test func aValueLongerThanSQLiteTakesIsTooBig() throws {
    let header: [UInt8] = [0x54, 0x03, 0x01, 0x00, 0x00] + Array("item\0".utf8)
    let longest: [UInt8] = [0x83, 0xDC, 0xEB, 0x94, 0x00]  // 1,000,000,000
    let longer: [UInt8] = [0x83, 0xDC, 0xEB, 0x94, 0x01]  // 1,000,000,001
    let farLonger: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0x7F]  // 34,359,738,367
    let lengths = [(longer, SQLITE_TOOBIG), (farLonger, SQLITE_TOOBIG), (longest, SQLITE_CORRUPT)]
    for (type, key): (UInt8, [UInt8]) in [(0x03, []), (0x04, [0x03, 0x01, 0x61])] {
      for (length, code) in lengths {
        // An insert: the key (a text, or the value itself), then the value.
        let value = [type] + length
        let bytes = header + [0x12, 0x00] + (key.isEmpty ? value : key + value) + [0x05, 0x05]
        let changeset = Changeset(bytes: bytes)
        let error = try #require(throws: SQLiteError.self) {
          try Self.expectSameReading(changeset, of: item)
        }
        #expect(error.extendedResultCode == SQLiteError.ResultCode(rawValue: code), "\(bytes)")
        #expect(throws: SQLiteError.self) { try changeset.inverted() }
      }
    }
  }

  /// The same table twice (two changesets one after the other), a table of another shape after
  /// it, a header with no change after it.
  @Test func tablesTwiceAndOthers() throws {
    let first = try Changeset(table: item, changes: [.insert([.text("a"), .integer(1), .null])])
    let second = try Changeset(
      table: item, changes: [.delete([.text("b"), .real(2.5), .blob([1])])])
    let other = try Changeset(table: pair, changes: [.insert([.text("c"), .integer(3), .null])])
    var header = ChangesetWriter()
    header.appendHeader(of: item)
    let twice = try Self.expectSameReading(Changeset(bytes: first.bytes + second.bytes), of: item)
    #expect(twice.count == 2)
    _ = try Self.expectSameReading(Changeset(bytes: first.bytes + header.bytes), of: item)
    _ = try Self.expectSameReading(Changeset(bytes: header.bytes + first.bytes), of: item)
    for bytes in [first.bytes + other.bytes, other.bytes + first.bytes] {
      let error = try #require(throws: SQLiteError.self) {
        try Self.expectSameReading(Changeset(bytes: bytes), of: item)
      }
      #expect(error.resultCode == .format)
    }
  }

  /// Rows of random values (naughty strings, invalid UTF-8, reals by any bits, integers, blobs,
  /// NULLs) in random changes, written by `ChangesetWriter` (some of them refused: a record
  /// without a value SQLite needs) and recorded by SQLite's session extension.
  @Test func randomChangesets() throws {
    var generator = SeededGenerator(seed: 12)
    let naughty = try Self.naughtyStrings()
    var read = 0
    var refused = 0
    for round in 0..<400 {
      let table = round % 3 == 0 ? pair : item
      var writer = ChangesetWriter()
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        writer.appendHeader(of: table)
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
          writer.append(Self.randomChange(of: table, naughty, using: &generator))
        }
      }
      do {
        read += try Self.expectSameReading(Changeset(bytes: writer.bytes), of: table).count
      } catch is SQLiteError {
        refused += 1
      }
    }
    #expect(read > 1_000 && refused > 10, "\(read) changes read, \(refused) changesets refused")
    for round in 0..<40 {
      var rows: [String: RowChange] = [:]
      for _ in 0..<30 {
        guard case .insert(let values) = Self.randomChange(of: item, naughty, using: &generator),
          let key = values[0].text
        else { continue }
        rows[key] = .insert(values)
      }
      let recorder = try SessionRecorder(table: item)
      let recorded = try recorder.record(Array(rows.values))
      let changes = try Self.expectSameReading(recorded, of: item)
      #expect(changes.count == rows.count, "\(round)")
    }
  }

  /// Every prefix of random changesets and every byte of them set to other values: refused the
  /// same way (the same error) or read as the same changes.
  @Test func truncatedAndFlippedAlike() throws {
    var generator = SeededGenerator(seed: 13)
    let naughty = try Self.naughtyStrings()
    var outcomes = [0, 0]
    var tried = 0
    while tried < 6 {
      var writer = ChangesetWriter()
      writer.appendHeader(of: item)
      for _ in 0..<3 { writer.append(Self.randomChange(of: item, naughty, using: &generator)) }
      let bytes = writer.bytes
      // Every prefix and ten changes of every byte: a changeset of a long sample text would
      // make millions.
      guard bytes.count < 2_000 else { continue }
      tried += 1
      var damaged: [[UInt8]] = []
      for index in bytes.indices {
        damaged.append(Array(bytes.prefix(index)))
        for value: UInt8 in [0, 1, 3, 5, 6, 0x17, 0x54, 0x80, 0xFF] {
          var flipped = bytes
          flipped[index] = value
          damaged.append(flipped)
        }
        var flipped = bytes
        flipped[index] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
        damaged.append(flipped)
      }
      for bytes in damaged {
        do {
          _ = try Self.expectSameReading(Changeset(bytes: bytes), of: item)
          outcomes[0] += 1
        } catch is SQLiteError {
          outcomes[1] += 1
        }
      }
    }
    #expect(outcomes[0] > 100 && outcomes[1] > 100, "\(outcomes)")
  }

  /// The changes both readers read, after checking they are the same; or the error both throw,
  /// after checking it is the same.
  @discardableResult
  static func expectSameReading(
    _ changeset: Changeset, of table: ChangesetTable,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [RowChange] {
    let ours = Result { try changeset.changes(of: table) }
    let sqlites = Result {
      var changes: [RowChange] = []
      try changeset.forEachChangeReadBySQLite(of: table) { changes.append($0) }
      return changes
    }
    expectSameKeys(changeset, of: table, as: ours, sourceLocation: sourceLocation)
    expectSameChangesAtOffsets(changeset, of: table, as: ours, sourceLocation: sourceLocation)
    switch (ours, sqlites) {
    case (.success(let ours), .success(let sqlites)):
      #expect(ours == sqlites, "\(changeset.bytes)", sourceLocation: sourceLocation)
      return ours
    case (.failure(let ours as SQLiteError), .failure(let sqlites as SQLiteError)):
      #expect(
        ours.extendedResultCode == sqlites.extendedResultCode && ours.message == sqlites.message,
        "\(changeset.bytes): \(ours) against \(sqlites)", sourceLocation: sourceLocation)
      throw ours
    default:
      Issue.record(
        "\(changeset.bytes): \(ours) against SQLite's \(sqlites)", sourceLocation: sourceLocation)
      return []
    }
  }

  /// Checks that `forEachKeyText` hands over each change's first value when it is a text, its
  /// bytes as they are (UTF-8 or not), and `nil` for any other value, or fails as `changes` did.
  static func expectSameKeys(
    _ changeset: Changeset, of table: ChangesetTable, as changes: Result<[RowChange], any Error>,
    sourceLocation: SourceLocation
  ) {
    let keys = Result {
      var keys: [[UInt8]?] = []
      try changeset.forEachKeyText(of: table) { keys.append($1.map { Array($0) }) }
      return keys
    }
    switch (changes, keys) {
    case (.success(let changes), .success(let keys)):
      let expected = changes.map { change -> [UInt8]? in
        let key: DatabaseValue? =
          switch change {
          case .insert(let values), .delete(let values): values.first
          case .update(let old, _): old.first ?? nil
          }
        return switch key {
        case .text(let text): Array(text.utf8)
        case .invalidText(let bytes): bytes
        default: nil
        }
      }
      #expect(keys == expected, "\(changeset.bytes)", sourceLocation: sourceLocation)
    case (.failure(let read as SQLiteError), .failure(let keys as SQLiteError)):
      #expect(
        read.extendedResultCode == keys.extendedResultCode && read.message == keys.message,
        "\(changeset.bytes): \(read) against \(keys)", sourceLocation: sourceLocation)
    default:
      Issue.record("\(changeset.bytes): \(changes) against \(keys)", sourceLocation: sourceLocation)
    }
  }

  /// Checks that `change(at:of:)`, at each offset `forEachKeyText` hands over, reads the change
  /// `changes` holds there, with and without an update's old values; nothing is read of bytes
  /// whose keys cannot be read.
  static func expectSameChangesAtOffsets(
    _ changeset: Changeset, of table: ChangesetTable, as changes: Result<[RowChange], any Error>,
    sourceLocation: SourceLocation
  ) {
    var offsets: [Int] = []
    guard (try? changeset.forEachKeyText(of: table, { offset, _ in offsets.append(offset) })) != nil,
      case .success(let changes) = changes
    else { return }
    #expect(offsets.count == changes.count, "\(changeset.bytes)", sourceLocation: sourceLocation)
    for (offset, change) in zip(offsets, changes) {
      #expect(
        (try? changeset.change(at: offset, of: table)) == change, "\(changeset.bytes) at \(offset)",
        sourceLocation: sourceLocation)
      let newValues: RowChange =
        if case .update(_, let new) = change { .update(old: [], new: new) } else { change }
      #expect(
        (try? changeset.change(at: offset, of: table, oldValuesOfUpdates: false)) == newValues,
        "\(changeset.bytes) at \(offset)", sourceLocation: sourceLocation)
    }
  }

  static func naughtyStrings() throws -> [String] {
    try JSONDecoder().decode([String].self, from: Data(ConformanceCorpus.bytes("blns/blns.json")))
  }

  /// A change of random values, its key mostly a text, of any kind one time in twenty; one
  /// update in twenty lacks its key, which SQLite needs.
  static func randomChange(
    of table: ChangesetTable, _ naughty: [String], using generator: inout SeededGenerator
  ) -> RowChange {
    let columns = table.columns.count
    let row = (0..<columns).map { column in
      column < table.primaryKeyColumns && Int.random(in: 0..<20, using: &generator) > 0
        ? DatabaseValue.text(
          String(generator.next(), radix: 36) + naughty.randomElement(using: &generator)!)
        : randomValue(naughty, using: &generator)
    }
    let present = { (generator: inout SeededGenerator) in
      (0..<columns).map { column in
        column < table.primaryKeyColumns
          ? Int.random(in: 0..<20, using: &generator) > 0 : Bool.random(using: &generator)
      }
    }
    switch Int.random(in: 0..<3, using: &generator) {
    case 0: return .insert(row)
    case 1: return .delete(row)
    default:
      let old = present(&generator)
      let new = present(&generator)
      return .update(
        old: row.indices.map { old[$0] ? row[$0] : nil },
        new: row.indices.map {
          $0 >= table.primaryKeyColumns && new[$0] ? randomValue(naughty, using: &generator) : nil
        })
    }
  }

  static func randomValue(
    _ naughty: [String], using generator: inout SeededGenerator
  ) -> DatabaseValue {
    switch Int.random(in: 0..<8, using: &generator) {
    case 0: .null
    case 1: .integer(Int64(bitPattern: generator.next()))
    case 2: .real(Double(bitPattern: generator.next()))
    case 3: ChangesetSamples.values.randomElement(using: &generator)!
    case 4:
      .invalidText(
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in
          UInt8.random(in: 0...255, using: &generator)
        })
    case 5:
      .blob(
        (0..<Int.random(in: 0...300, using: &generator)).map { _ in
          UInt8.random(in: 0...255, using: &generator)
        })
    default: .text(naughty.randomElement(using: &generator)!)
    }
  }
}
