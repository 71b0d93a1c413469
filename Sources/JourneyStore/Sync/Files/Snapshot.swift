#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A snapshot of a remote's merge state (SYNC.md, "Snapshots and long histories"): every
/// journey's registers, deleted journeys' too, and the version vector they cover, written by
/// `sync --compact` so that a new replica joins without the change files it covers.
///
/// On the remote it is `snapshots/<replica>-<seq, 9 digits>.rts`, in a `SyncFileFrame` with the
/// magic `RTRIPSN1` whose body is one SQLite changeset of inserts, one row per journey (its id,
/// then for existence and each field the value, clock, writer and file). A writer is an index into the
/// header's `replicas`.
struct Snapshot {
  var header: Header
  /// Each journey's registers, their `by` an index into `header.replicas` (0: no write).
  var registers: [(journey: String, registers: JourneyRegisters)]

  struct Header: Codable, Equatable, SyncFileHeader {
    /// The format version: 1.
    var format: Int
    var replica: String
    var seq: Int64
    /// The newest file of each replica the registers hold.
    var vector: [String: Int64]
    /// The writers the registers name: `by` = n is `replicas[n - 1]`.
    var replicas: [String]
  }

  static let magic = Array("RTRIPSN1".utf8)
  static let format = 1
  static let table = ChangesetTable(
    name: "snapshot",
    columns: ["journey"]
      + (["present"] + JourneyField.all.map(\.column)).flatMap {
        [$0, "\($0)_hlc", "\($0)_by", "\($0)_seq"]
      },
    primaryKeyColumns: 1)

  /// The file's path inside the remote.
  static func name(replica: String, seq: Int64) -> String {
    SyncFileFrame.name("snapshots/\(replica)-", seq: seq, ".rts")
  }

  /// The replica and seq a snapshot's name (inside `snapshots/`) says.
  static func parse(fileNamed name: String) -> (replica: String, seq: Int64)? {
    guard name.hasSuffix(".rts"), name.utf8.count == 36 + 1 + 9 + 4 else { return nil }
    let replica = String(name.prefix(36))
    let digits = name.dropFirst(37).prefix(9)
    guard UUID(text: replica.utf8)?.lowercasedText == replica,
      name.dropFirst(36).first == "-", digits.allSatisfy({ $0 >= "0" && $0 <= "9" }),
      let seq = Int64(digits)
    else { return nil }
    return (replica, seq)
  }

  /// Whether this snapshot holds every file `other` names.
  func covers(_ other: [String: Int64]) -> Bool {
    other.allSatisfy { (header.vector[$0.key] ?? 0) >= $0.value }
  }

  static let frame = SyncFileFrame(magic: magic, kind: "snapshot", item: "snapshot")

  func encoded() throws -> [UInt8] {
    let rows = registers.map { journey, registers in
      var values: [DatabaseValue] = [.text(journey)]
      for register in [registers.present] + registers.fields {
        values += [
          register.value, .integer(register.hlc), .integer(register.by), .integer(register.seq),
        ]
      }
      return RowChange.insert(values)
    }
    return try Self.frame.encode(header, body: Changeset(table: Self.table, changes: rows).bytes)
  }

  /// Reads a snapshot's bytes, checking that it is the one of `replica` and `seq` its name says.
  /// - Throws: `ChangeFileError.malformed`.
  init(decoding bytes: [UInt8], replica: String, seq: Int64) throws {
    let (header, reader) = try Self.frame.decode(
      bytes, as: Header.self, format: Self.format, replica: replica, seq: seq)
    guard header.replicas.allSatisfy({ UUID(text: $0.utf8)?.lowercasedText == $0 }) else {
      throw ChangeFileError.malformed("it names a replica whose id is not a lowercase UUID")
    }
    let body = Array(reader.bytes)
    let changes: [RowChange]
    do {
      changes = body.isEmpty ? [] : try Changeset(bytes: body).changes(of: Self.table)
    } catch {
      throw ChangeFileError.malformed("its body is not a changeset of registers (\(error))")
    }
    var registers: [(journey: String, registers: JourneyRegisters)] = []
    registers.reserveCapacity(changes.count)
    let writers = Int64(header.replicas.count)
    for change in changes {
      guard case .insert(let values) = change, case .text(let journey) = values[0],
        UUID(text: journey.utf8)?.lowercasedText == journey
      else {
        throw ChangeFileError.malformed("a row is not a journey's registers")
      }
      var parsed: [Register] = []
      for start in stride(from: 1, to: values.count, by: 4) {
        guard case .integer(let hlc) = values[start + 1], case .integer(let by) = values[start + 2],
          case .integer(let seq) = values[start + 3], (0...writers).contains(by), hlc >= 0,
          seq >= 0, (hlc == 0) == (by == 0),
          // Existence is 0 or 1; a field's value is checked where it is merged (`join`).
          start != 1 || hlc == 0 || values[start] == .integer(0) || values[start] == .integer(1)
        else {
          throw ChangeFileError.malformed("a register of \(journey) cannot be read")
        }
        parsed.append(Register(value: values[start], hlc: hlc, by: by, seq: seq))
      }
      registers.append(
        (journey, JourneyRegisters(present: parsed[0], fields: Array(parsed.dropFirst()))))
    }
    self.header = header
    self.registers = registers
  }

  init(header: Header, registers: [(journey: String, registers: JourneyRegisters)]) {
    self.header = header
    self.registers = registers
  }
}
