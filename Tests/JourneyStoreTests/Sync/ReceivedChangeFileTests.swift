import Foundation
import Testing
@testable import JourneyStore

/// A sync reads a received file as `ReceivedChangeFile` (decoded once, where it enters, into
/// one typed change per journey, checked there) where `renew` and the tests read it as
/// `ChangeFile` (every change a row change): both read the same changes, and refuse the same
/// files for the same reason.
@Suite("Received change files")
struct ReceivedChangeFileTests {
  static let replica = "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001"
  static let ids = (1...3).map { "5e7a0c2d-1b3f-4e5a-8c6d-00000000000\($0)" }

  static func insert(_ id: String, _ name: String) -> RowChange {
    .insert([.text(id), .text(name), .text("car"), .real(0), .real(60)])
  }

  static let bodies: [[RowChange]] = [
    [insert(ids[0], "One"), insert(ids[1], "Two")],
    [],
    [
      .update(old: [.text(ids[0]), .text("One"), nil, nil, nil],
        new: [nil, .text("Uno"), nil, nil, nil]),
      .delete([.text(ids[1]), .text("Two"), .text("car"), .real(0), .real(60)]),
      insert(ids[2], "Three"),
    ],
  ]

  static func header(batches: Int) -> ChangeFile.Header {
    ChangeFile.Header(
      format: ChangeFile.format, replica: replica, seq: 1, vector: [replica: 0],
      batches: (0..<batches).map {
        ChangeFile.BatchHeader(hlc: Int64($0 + 1) << 16, kind: "command", origin: "test")
      })
  }

  /// A file whose batches are these bytes, framed and digested as a sync writes them.
  static func file(batches: [[UInt8]]) throws -> [UInt8] {
    var body: [UInt8] = []
    for batch in batches { body += ByteReader.littleEndian(UInt32(batch.count)) + batch }
    return try ChangeFile.frame.encode(header(batches: batches.count), body: body)
  }

  /// A received file as the sync reads it: no bounds but the remote's listing of its writer.
  static func received(_ bytes: [UInt8], seq: Int64 = 1) throws -> ReceivedChangeFile {
    try ReceivedChangeFile(
      decoding: bytes, replica: replica, seq: seq,
      within: ReceivedBounds(listing: [replica: Array(1...seq)]), seen: [:])
  }

  @Test func itReadsTheChangesAChangeFileReads() throws {
    let bytes = try ChangeFile(header: Self.header(batches: 3), bodies: Self.bodies).encoded()
    let file = try ChangeFile(decoding: bytes, replica: Self.replica, seq: 1)
    let received = try Self.received(bytes)
    #expect(received.header == file.header)
    #expect(received.changes.map(\.change) == file.bodies.joined().map(SyncChange.init))
    #expect(received.batchEnds == [2, 2, 5])
    #expect(
      received.changes.map(\.journey)
        == [0, 1, 0, 1, 2].map { JourneyKey(lowercasedText: Self.ids[$0])! })
  }

  /// Each change is typed by field where the file is read: its kind, the fields it carries,
  /// an insert's and an update's new values, a delete's old ones.
  @Test func eachChangeIsTypedByField() throws {
    let bytes = try ChangeFile(header: Self.header(batches: 3), bodies: Self.bodies).encoded()
    let changes = try Self.received(bytes).changes.map(\.change)
    #expect(changes.map(\.kind) == [.insert, .insert, .update, .delete, .insert])
    let insert = changes[0]
    #expect(insert.carried == .all && insert.sets == .all)
    #expect(insert.newValue(of: .name) == .text("One") && insert.newValue(of: .duration) == .real(60))
    #expect(insert.oldValue(of: .name) == nil)
    let update = changes[2]
    #expect(update.carried == [.name] && update.sets == [.name])
    #expect(update.newValue(of: .name) == .text("Uno"))
    #expect(update.newValue(of: .transportationType) == nil && update.value(of: .startDate) == nil)
    let delete = changes[3]
    #expect(delete.carried == .all && delete.newValue(of: .name) == nil)
    #expect(delete.oldValue(of: .name) == .text("Two") && delete.oldValue(of: .startDate) == .real(0))
  }

  /// A value the journey table refuses is held back where the file is read: the change does
  /// not set that field (no merge reaches it), and keeps it only to say what was held back.
  @Test func aValueTheTableRefusesIsHeldBackWhereTheFileIsRead() throws {
    let bodies: [[RowChange]] = [
      [
        .insert([.text(Self.ids[0]), .text("A"), .text("rocket"), .real(0), .real(60)]),
        .update(old: [.text(Self.ids[1]), .text("B"), nil, .real(0), nil],
          new: [nil, .invalidText([0xff, 0xfe]), nil, .real(1), nil]),
        .delete([.text(Self.ids[2]), .text("C"), .text("car"), .real(0), .real(-5)]),
      ]
    ]
    let bytes = try ChangeFile(header: Self.header(batches: 1), bodies: bodies).encoded()
    let changes = try Self.received(bytes).changes
    #expect(changes.map(\.heldBack) == [[.transportationType], [.name], [.duration]])
    #expect(changes[0].change.sets == [.name, .startDate, .duration])
    #expect(changes[0].change.newValue(of: .transportationType) == nil)
    #expect(changes[0].change.value(of: .transportationType) == .text("rocket"))
    #expect(changes[1].change.sets == [.startDate])
    #expect(!changes[2].change.sets.contains(.duration))
  }

  /// The clocks and the version vector are checked where the file is read, before anything of
  /// it is merged.
  @Test func aClockOrAVectorOutOfBoundsIsRefusedWhereTheFileIsRead() throws {
    var header = Self.header(batches: 1)
    header.batches[0].hlc = .max
    let ahead = try ChangeFile(header: header, bodies: [Self.bodies[0]]).encoded()
    #expect(throws: ChangeFileError.self) { try Self.received(ahead) }
    header = Self.header(batches: 1)
    header.vector["0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0002"] = 7
    let claiming = try ChangeFile(header: header, bodies: [Self.bodies[0]]).encoded()
    #expect(throws: ChangeFileError.self) { try Self.received(claiming) }
  }

  @Test func anIdThatIsNotALowercaseUUIDIsRefused() throws {
    for id in [Self.ids[0].uppercased(), "journey-1", ""] {
      let bodies = [[Self.insert(Self.ids[0], "A")], [Self.insert(id, "B")]]
      let bytes = try ChangeFile(header: Self.header(batches: 2), bodies: bodies).encoded()
      #expect(throws: ChangeFileError.malformed(
        "a change names a journey whose id is not a lowercase UUID"))
      {
        try Self.received(bytes)
      }
    }
    // A blob holding a UUID's text is no id either.
    let blob = try Changeset(
      table: .journey,
      changes: [.insert([.blob(Array(Self.ids[0].utf8)), .text("A"), .null, .null, .null])])
    #expect(throws: ChangeFileError.self) {
      try Self.received(try Self.file(batches: [blob.bytes]))
    }
  }

  /// A damaged batch is refused as `ChangeFile` refuses it, even after a batch whose id is no
  /// lowercase UUID: every batch is checked before the ids are.
  @Test func aDamagedBatchIsRefusedAsAChangeFileRefusesIt() throws {
    let good = try Changeset(table: .journey, changes: Self.bodies[0]).bytes
    let badID = try Changeset(table: .journey, changes: [Self.insert("NOT-AN-ID", "A")]).bytes
    let damaged: [[UInt8]] = [
      Array(good.dropLast(3)), Array(good.prefix(5)), good + [0x12],
      Array("P".utf8) + good.dropFirst(),
    ]
    for batch in damaged {
      let bytes = try Self.file(batches: [badID, batch])
      var expected: (any Error)?
      do {
        _ = try ChangeFile(decoding: bytes, replica: Self.replica, seq: 1)
      } catch {
        expected = error
      }
      let refusal = try #require(expected as? ChangeFileError, "\(batch)")
      #expect(throws: refusal) {
        try Self.received(bytes)
      }
    }
  }
}
