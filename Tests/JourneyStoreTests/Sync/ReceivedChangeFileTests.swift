import Foundation
import Testing
@testable import JourneyStore

/// A sync reads a received file as `ReceivedChangeFile` (its batches kept as checked bytes, the
/// ids' bits read at once) where `renew` and the tests read it as `ChangeFile` (every change a
/// value): both read the same changes, and refuse the same files for the same reason.
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

  @Test func itReadsTheChangesAChangeFileReads() throws {
    let bytes = try ChangeFile(header: Self.header(batches: 3), bodies: Self.bodies).encoded()
    let file = try ChangeFile(decoding: bytes, replica: Self.replica, seq: 1)
    let received = try ReceivedChangeFile(decoding: bytes, replica: Self.replica, seq: 1)
    #expect(received.header == file.header)
    #expect(try received.batches.map { try $0.changes(of: .journey) } == file.bodies)
    #expect(received.keys == [0, 1, 0, 1, 2].map { JourneyKey(lowercasedText: Self.ids[$0])! })
  }

  @Test func anIdThatIsNotALowercaseUUIDIsRefused() throws {
    for id in [Self.ids[0].uppercased(), "journey-1", ""] {
      let bodies = [[Self.insert(Self.ids[0], "A")], [Self.insert(id, "B")]]
      let bytes = try ChangeFile(header: Self.header(batches: 2), bodies: bodies).encoded()
      #expect(throws: ChangeFileError.malformed(
        "a change names a journey whose id is not a lowercase UUID"))
      {
        try ReceivedChangeFile(decoding: bytes, replica: Self.replica, seq: 1)
      }
    }
    // A blob holding a UUID's text is no id either.
    let blob = try Changeset(
      table: .journey,
      changes: [.insert([.blob(Array(Self.ids[0].utf8)), .text("A"), .null, .null, .null])])
    #expect(throws: ChangeFileError.self) {
      try ReceivedChangeFile(
        decoding: try Self.file(batches: [blob.bytes]), replica: Self.replica, seq: 1)
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
        try ReceivedChangeFile(decoding: bytes, replica: Self.replica, seq: 1)
      }
    }
  }
}
