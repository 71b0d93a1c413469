import Foundation
import Testing
@testable import JourneyStore

@Suite("Changesets: damaged, truncated and foreign bytes")
struct ChangesetDamageTests {
  let item = ChangesetSamples.item

  private var sample: (changeset: Changeset, changes: [RowChange]) {
    get throws {
      let changes: [RowChange] = [
        .insert([.text("a"), .integer(.max), .blob(Array(repeating: 1, count: 200))]),
        .update(old: [.text("b"), .real(-0.0), nil], new: [nil, .text("nul\u{0}"), nil]),
        .delete([.text("c"), .invalidText([0xFF]), .null]),
      ]
      return (try Changeset(table: item, changes: changes), changes)
    }
  }

  /// Every prefix of a changeset is refused (`.corrupt`) before any change is read, or, when it
  /// ends where a change ends, reads as the changes before: SQLite's format holds no count.
  /// Never a crash, never a change that was not written. (SQLite 3.40's own iterator loops
  /// forever on the prefixes that end inside the table header: `ChangesetLayout`.)
  @Test func everyPrefixIsRefusedOrReadsAsTheChangesBefore() throws {
    let (changeset, changes) = try sample
    var whole: [Int] = []
    for length in 0..<changeset.bytes.count {
      let prefix = Changeset(bytes: Array(changeset.bytes.prefix(length)))
      var read: [RowChange] = []
      do {
        try prefix.forEachChange(of: item) { read.append($0) }
        #expect(read.count < changes.count)
        whole.append(length)
      } catch let error as SQLiteError {
        #expect(error.resultCode == .corrupt, "\(length): \(error)")
        #expect(error.message.hasPrefix("not a changeset, or a damaged one ("))
        #expect(read.isEmpty)
      }
      #expect(read == Array(changes.prefix(read.count)), "\(length)")
      #expect(throws: Never.self, "\(length)") { _ = try? prefix.inverted() }
    }
    // The empty prefix, the table header alone, and the header with the first change or two.
    #expect(whole.count == 4, "\(whole)")
  }

  @Test func foreignBytesAreRefused() throws {
    let foreign: [[UInt8]] = [
      Array("SQLite format 3\0".utf8) + Array(repeating: 0, count: 84),
      Array("{\"id\": \"a\"}\n".utf8),
      [0x50, 0x03, 0x01, 0x00, 0x00] + Array("item\0".utf8),  // a patchset's header
      [0x54, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F],
      [0x54, 0x00, 0x00],
      [0x54, 0x03, 0x01, 0x00, 0x00] + Array("item\0".utf8) + [0x12, 0x00, 0x07],
      // A length past the bytes (one past SQLite's limit on a value is too big, before its bytes
      // are looked for: ChangesetReadingTests).
      [0x54, 0x03, 0x01, 0x00, 0x00] + Array("item\0".utf8) + [0x12, 0x00, 0x03, 0x83, 0x7F],
    ]
    for bytes in foreign {
      let error = try #require(throws: SQLiteError.self, "\(bytes)") {
        try Changeset(bytes: bytes).changes(of: item)
      }
      #expect(error.kind == .corrupt, "\(bytes): \(error)")
    }
  }

  /// Bytes laid out as changes, without a value SQLite needs: SQLite 3.40's apply crashed on the
  /// first (it reads an update's key without looking). Each is refused by reading, inverting and
  /// applying alike, the database left as it was.
  @Test func changesWithoutTheValuesSQLiteNeedsAreRefused() throws {
    let header: [UInt8] = [0x54, 0x03, 0x01, 0x00, 0x00] + Array("item\0".utf8)
    let one: [UInt8] = [0x01, 0, 0, 0, 0, 0, 0, 0, 1]
    let text: [UInt8] = [0x03, 0x01, UInt8(ascii: "a")]
    let missing: [[UInt8]] = [
      header + [0x17, 0x00] + [0x00, 0x05, 0x00] + [0x00] + one + [0x00],  // update, no key
      header + [0x12, 0x00] + text + [0x00, 0x05],  // insert, a column missing
      header + [0x09, 0x00] + text + [0x05, 0x00],  // delete, a column missing
      [0x54, 0x03, 0x00, 0x00, 0x00] + Array("item\0".utf8) + [0x12, 0x00] + text + [0x05, 0x05],
    ]
    let folder = try TemporaryFolder()
    let connection = try Connection(
      path: folder.file("items.sqlite"), create: true, busyTimeout: .seconds(1))
    try connection.execute("CREATE TABLE item (id TEXT PRIMARY KEY NOT NULL, first, second)")
    try connection.run("INSERT INTO item VALUES ('a', 1, NULL)")
    for bytes in missing {
      let changeset = Changeset(bytes: bytes)
      for attempt in [
        { try connection.apply(changeset, of: item) { _ in .replace } },
        { _ = try changeset.changes(of: item) }, { _ = try changeset.inverted() },
      ] {
        let error = try #require(throws: SQLiteError.self, "\(bytes)") { try attempt() }
        #expect(error.resultCode == .corrupt, "\(bytes): \(error)")
      }
    }
    #expect(try connection.firstValue("SELECT count(*) || first FROM item") == .text("11"))
  }

  @Test func randomBytesAreRefused() throws {
    var generator = SeededGenerator(seed: 11)
    for round in 0..<2_000 {
      var bytes = (0..<Int.random(in: 1...64, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      if round % 2 == 0 { bytes[0] = UInt8(ascii: "T") }
      let changeset = Changeset(bytes: bytes)
      let error = try #require(throws: SQLiteError.self, "\(bytes)") {
        try changeset.changes(of: item)
      }
      #expect(error.kind == .corrupt, "\(bytes): \(error)")
      _ = try? changeset.inverted()
    }
  }

  /// Bytes of a valid changeset with a few flipped, inserted or removed: whatever SQLite makes
  /// of them is an error or changes of the table's shape; inverting and applying them is an error
  /// or leaves a database SQLite finds sound.
  @Test func mutatedBytesNeverCrash() throws {
    let (changeset, _) = try sample
    let folder = try TemporaryFolder()
    let connection = try Connection(
      path: folder.file("fuzz.sqlite"), create: true, busyTimeout: .seconds(1))
    try connection.execute("CREATE TABLE item (id TEXT PRIMARY KEY NOT NULL, first, second)")
    var generator = SeededGenerator(seed: 24)
    var outcomes = [0, 0]
    for _ in 0..<5_000 {
      var bytes = changeset.bytes
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: bytes[index] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
        case 1: bytes[index] = UInt8.random(in: 0...255, using: &generator)
        case 2: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
        default: bytes.remove(at: index)
        }
        if bytes.isEmpty { bytes = [0] }
      }
      let mutated = Changeset(bytes: bytes)
      do {
        try mutated.forEachChange(of: item) { change in
          switch change {
          case .insert(let values), .delete(let values): #expect(values.count == 3)
          case .update(let old, let new): #expect(old.count == 3 && new.count == 3 && old[0] != nil)
          }
        }
        outcomes[0] += 1
      } catch let error as SQLiteError {
        #expect(error.kind == .corrupt, "\(bytes): \(error)")
        outcomes[1] += 1
      }
      _ = try? mutated.inverted()
      _ = try? connection.apply(mutated, of: item) { _ in .omit }
    }
    #expect(outcomes[0] > 0 && outcomes[1] > 0, "\(outcomes)")
    #expect(try connection.firstValue("PRAGMA integrity_check") == .text("ok"))
  }
}
