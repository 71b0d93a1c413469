#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The frame every file a sync writes shares (SYNC.md, "Change files"): 8 magic bytes that say
/// what the file is, the header's length (4 bytes, little-endian) and the header as JSON, the
/// body, and last the `FileDigest` of all that, so that a file damaged anywhere (a flipped bit
/// in a value) is refused, with or without encryption. `ChangeFile` and `Snapshot` differ only
/// in their magic, their header and their body.
struct SyncFileFrame {
  let magic: [UInt8]
  /// What the file is, in messages: `change file`, `snapshot`.
  let kind: String
  /// How the header names one file of its kind: `file`, `snapshot`.
  let item: String

  /// A file's path inside the remote: `prefix`, the seq in 9 digits, `suffix`.
  static func name(_ prefix: String, seq: Int64, _ suffix: String) -> String {
    let digits = String(seq)
    return prefix + String(repeating: "0", count: max(0, 9 - digits.count)) + digits + suffix
  }

  /// The file's bytes.
  func encode(_ header: some Encodable, body: [UInt8]) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let header = Array(try encoder.encode(header))
    let bytes = magic + ByteReader.littleEndian(UInt32(header.count)) + header + body
    return bytes + FileDigest.of(bytes)
  }

  /// Reads a file's header and body, checking its magic, its digest, its format, and that it is
  /// the file of `replica` and `seq` its name says.
  /// - Throws: `ChangeFileError.malformed`.
  func decode<Header: SyncFileHeader>(
    _ bytes: [UInt8], as: Header.Type, format: Int, replica: String, seq: Int64
  ) throws -> (header: Header, body: ByteReader) {
    guard bytes.starts(with: magic) else {
      throw ChangeFileError.malformed("it is not a roadtrip \(kind)")
    }
    let digestStart = bytes.count - FileDigest.size
    guard digestStart >= magic.count,
      bytes[digestStart...].elementsEqual(FileDigest.of(bytes[..<digestStart]))
    else {
      throw ChangeFileError.malformed("it is truncated or damaged (its digest does not match)")
    }
    var reader = ByteReader(bytes: bytes[magic.count..<digestStart])
    let headerBytes = try reader.take(Int(try reader.uint32()))
    let header: Header
    do {
      header = try JSONDecoder().decode(Header.self, from: Data(headerBytes))
    } catch {
      throw ChangeFileError.malformed("its header cannot be read")
    }
    guard header.format == format else {
      throw ChangeFileError.malformed(
        "it has format \(header.format); this roadtrip reads format \(format)")
    }
    guard header.replica == replica, header.seq == seq else {
      throw ChangeFileError.malformed(
        "it says it is \(item) \(header.seq) of replica \(header.replica)")
    }
    return (header, reader)
  }
}

/// What every sync file's header says of itself.
protocol SyncFileHeader: Decodable {
  /// The format version.
  var format: Int { get }
  /// The replica that wrote the file.
  var replica: String { get }
  /// The file's number among that replica's files of its kind.
  var seq: Int64 { get }
}
