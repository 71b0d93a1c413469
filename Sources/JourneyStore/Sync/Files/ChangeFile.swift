#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One change file: every batch a replica sent in one sync (SYNC.md, "Change files").
///
/// On the remote it is `replicas/<replica>/<seq, 9 digits>.rtc`, in a `SyncFileFrame` with the
/// magic `RTRIPCF1` whose body is each batch's changes, its length first (`ChangeFileBody`).
struct ChangeFile: Equatable {
  var header: Header
  /// Each batch's row changes, in the order of `header.batches`.
  var bodies: [[RowChange]]

  struct Header: Codable, Equatable, SyncFileHeader {
    /// The format version: 1.
    var format: Int
    var replica: String
    var seq: Int64
    /// The version vector: the newest file of each replica applied where this one was written.
    var vector: [String: Int64]
    var batches: [BatchHeader]
  }

  struct BatchHeader: Codable, Equatable {
    var hlc: Int64
    /// `command`, `undo` or `redo`.
    var kind: String
    /// The command line, or `outside roadtrip`.
    var origin: String
  }

  static let magic = Array("RTRIPCF1".utf8)
  static let format = 1

  /// The file's path inside the remote.
  static func name(replica: String, seq: Int64) -> String {
    SyncFileFrame.name("replicas/\(replica)/", seq: seq, ".rtc")
  }

  static let frame = SyncFileFrame(magic: magic, kind: "change file", item: "file")

  func encoded() throws -> [UInt8] {
    var body: [UInt8] = []
    for batch in bodies {
      let encoded = try ChangeFileBody.encode(batch)
      body += ByteReader.littleEndian(UInt32(encoded.count)) + encoded
    }
    return try Self.frame.encode(header, body: body)
  }

  /// Reads a file's bytes, checking that it is the file of `replica` and `seq` its name says.
  /// - Throws: `ChangeFileError.malformed`.
  init(decoding bytes: [UInt8], replica: String, seq: Int64) throws {
    let (header, batches) = try Self.batches(decoding: bytes, replica: replica, seq: seq)
    self.header = header
    self.bodies = try batches.map(ChangeFileBody.decode)
  }

  /// A file's header and each batch's bytes, unread (`ChangeFileBody` reads them), checking that
  /// it is the file of `replica` and `seq` its name says.
  /// - Throws: `ChangeFileError.malformed`.
  static func batches(decoding bytes: [UInt8], replica: String, seq: Int64) throws
    -> (header: Header, batches: [ArraySlice<UInt8>])
  {
    let (header, body) = try frame.decode(
      bytes, as: Header.self, format: format, replica: replica, seq: seq)
    var reader = body
    var batches: [ArraySlice<UInt8>] = []
    for _ in header.batches {
      batches.append(try reader.take(Int(try reader.uint32())))
    }
    guard reader.isAtEnd else {
      throw ChangeFileError.malformed("it has bytes after its last batch")
    }
    return (header, batches)
  }

  init(header: Header, bodies: [[RowChange]]) {
    self.header = header
    self.bodies = bodies
  }
}
