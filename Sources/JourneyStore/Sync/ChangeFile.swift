#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One change file: every batch a replica sent in one sync (SYNC.md, "Change files").
///
/// On the remote it is `replicas/<replica>/<seq, 9 digits>.rtc`: the 8 bytes `RTRIPCF1`, the
/// header's length (4 bytes, little-endian) and the header as JSON, then each batch's body, its
/// length first (`ChangeFileBody`), and last the `FileDigest` of all that, so that a file damaged
/// anywhere (a flipped bit in a value) is refused, with or without encryption.
struct ChangeFile: Equatable {
  var header: Header
  /// Each batch's row changes, in the order of `header.batches`.
  var bodies: [[RowChange]]

  struct Header: Codable, Equatable {
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
    let digits = String(seq)
    return "replicas/\(replica)/" + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
      + ".rtc"
  }

  func encoded() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let header = Array(try encoder.encode(header))
    var bytes = Self.magic + ByteReader.littleEndian(UInt32(header.count)) + header
    for body in bodies {
      let encoded = try ChangeFileBody.encode(body)
      bytes += ByteReader.littleEndian(UInt32(encoded.count)) + encoded
    }
    return bytes + FileDigest.of(bytes)
  }

  /// Reads a file's bytes, checking that it is the file of `replica` and `seq` its name says.
  /// - Throws: `ChangeFileError.malformed`.
  init(decoding bytes: [UInt8], replica: String, seq: Int64) throws {
    guard bytes.starts(with: Self.magic) else {
      throw ChangeFileError.malformed("it is not a roadtrip change file")
    }
    let digestStart = bytes.count - FileDigest.size
    guard digestStart >= Self.magic.count,
      Array(bytes[digestStart...]) == FileDigest.of(Array(bytes[..<digestStart]))
    else {
      throw ChangeFileError.malformed("it is truncated or damaged (its digest does not match)")
    }
    var reader = ByteReader(bytes: bytes[Self.magic.count..<digestStart])
    let headerBytes = try reader.take(Int(try reader.uint32()))
    let header: Header
    do {
      header = try JSONDecoder().decode(Header.self, from: Data(headerBytes))
    } catch {
      throw ChangeFileError.malformed("its header cannot be read")
    }
    guard header.format == Self.format else {
      throw ChangeFileError.malformed(
        "it has format \(header.format); this roadtrip reads format \(Self.format)")
    }
    guard header.replica == replica, header.seq == seq else {
      throw ChangeFileError.malformed(
        "it says it is file \(header.seq) of replica \(header.replica)")
    }
    var bodies: [[RowChange]] = []
    for _ in header.batches {
      bodies.append(try ChangeFileBody.decode(try reader.take(Int(try reader.uint32()))))
    }
    guard reader.isAtEnd else {
      throw ChangeFileError.malformed("it has bytes after its last batch")
    }
    self.header = header
    self.bodies = bodies
  }

  init(header: Header, bodies: [[RowChange]]) {
    self.header = header
    self.bodies = bodies
  }
}
