/// A journey's registers as `sync_register.registers` holds them (schema version 9): one blob,
/// so that saving a journey's registers binds two values and reading them reads two columns
/// (BENCHMARKS.md, "P12's registers in one column": 21 columns cost a received journey 26,000
/// instructions). The format is roadtrip's own, never sent: change files and snapshots carry
/// registers in their own formats.
///
/// Version 1: the version byte, then the existence register and each field's register, in the
/// order of `JourneyField.all`, each as
/// - a tag byte: its value's kind in the low 3 bits (0 NULL, 1 integer, 2 real, 3 text, 4 blob),
///   and how its write is given in the next 2 (`Write`); the 3 high bits are 0;
/// - its write, when it is its own: the clock as 8 bytes, least significant first, then the
///   replica's number and the file's seq as varints;
/// - its value: an integer as a zigzag varint, a real as the 8 bytes of its bits (least
///   significant first: every Double comes back with its bits), text (its bytes, UTF-8 or not)
///   and a blob as a varint count and the bytes.
///
/// A varint is 7 bits a byte, the least significant first, every byte but the last with its high
/// bit set, at most 10 bytes. An insert writes every register of a journey with one write, which
/// is then written once (`Write.previous`): 32 bytes less for every journey a sync inserted.
/// Reading checks every tag, count and length, and that nothing follows the last register: a
/// damaged blob is refused (`RegisterEncoding.Damage`), never read past.
enum RegisterEncoding {
  static let version: UInt8 = 1

  /// How a register's write is given, in bits 3-4 of its tag.
  enum Write: UInt8 {
    /// The clock, the replica's number and the file's seq follow.
    case own = 0
    /// The same write as the register before it (never the first).
    case previous = 1
    /// No write (clock, replica and seq 0): a register no write reached.
    case none = 2
  }

  /// The value kinds, in the low 3 bits of a tag.
  enum Kind: UInt8 {
    case null = 0, integer, real, text, blob
  }

  /// Why a blob is not registers this code wrote.
  struct Damage: Error, Equatable {
    let reason: String
  }

  /// The blob of `registers`.
  static func encoded(_ registers: JourneyRegisters) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(96)
    bytes.append(version)
    var previous: Register?
    func append(_ register: Register) {
      let write: Write =
        register.hlc == 0 && register.by == 0 && register.seq == 0
        ? .none
        : previous.map { $0.hlc == register.hlc && $0.by == register.by && $0.seq == register.seq }
          == true ? .previous : .own
      previous = register
      let tagAt = bytes.count
      bytes.append(write.rawValue << 3)
      if write == .own {
        appendFixed(UInt64(bitPattern: register.hlc), to: &bytes)
        appendVarint(UInt64(bitPattern: register.by), to: &bytes)
        appendVarint(UInt64(bitPattern: register.seq), to: &bytes)
      }
      let kind: Kind
      switch register.value {
      case .null:
        kind = .null
      case .integer(let integer):
        kind = .integer
        appendVarint(UInt64(bitPattern: (integer << 1) ^ (integer >> 63)), to: &bytes)
      case .real(let real):
        kind = .real
        appendFixed(real.bitPattern, to: &bytes)
      case .text(var text):
        kind = .text
        text.withUTF8 { appendCounted($0, to: &bytes) }
      case .invalidText(let text):
        kind = .text
        text.withUnsafeBufferPointer { appendCounted($0, to: &bytes) }
      case .blob(let blob):
        kind = .blob
        blob.withUnsafeBufferPointer { appendCounted($0, to: &bytes) }
      }
      bytes[tagAt] |= kind.rawValue
    }
    append(registers.present)
    for register in registers.fields { append(register) }
    return bytes
  }

  /// The registers a blob holds.
  /// - Throws: `Damage` for a blob that is not one `encoded(_:)` wrote: another version, a tag
  ///   or a count that does not fit, a register too few, a byte too many.
  static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) throws(Damage) -> JourneyRegisters {
    var reader = RegisterReader(bytes: bytes)
    let found = try reader.byte(for: "its version")
    guard found == version else {
      throw Damage(reason: "its format version is \(found), not \(version)")
    }
    var previous: Register?
    func register(_ name: String) throws(Damage) -> Register {
      let tag = try reader.byte(for: "the \(name) register")
      guard tag >> 5 == 0, let write = Write(rawValue: (tag >> 3) & 3),
        let kind = Kind(rawValue: tag & 7)
      else {
        throw Damage(reason: "the \(name) register's tag \(tag) is not one roadtrip writes")
      }
      var register = Register.empty
      switch write {
      case .own:
        register.hlc = Int64(bitPattern: try reader.fixed(for: "the \(name) register's clock"))
        register.by = Int64(bitPattern: try reader.varint(for: "the \(name) register's replica"))
        register.seq = Int64(bitPattern: try reader.varint(for: "the \(name) register's file"))
      case .previous:
        guard let previous else {
          throw Damage(reason: "the \(name) register names the write of a register before it")
        }
        (register.hlc, register.by, register.seq) = (previous.hlc, previous.by, previous.seq)
      case .none:
        break
      }
      switch kind {
      case .null:
        break
      case .integer:
        let zigzag = try reader.varint(for: "the \(name) register's value")
        register.value = .integer(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
      case .real:
        register.value = .real(
          Double(bitPattern: try reader.fixed(for: "the \(name) register's value")))
      case .text:
        register.value = DatabaseValue(text: try reader.counted(for: "the \(name) register's value"))
      case .blob:
        register.value = .blob(Array(try reader.counted(for: "the \(name) register's value")))
      }
      previous = register
      return register
    }
    let present = try register("existence")
    var fields: [Register] = []
    fields.reserveCapacity(JourneyField.all.count)
    for field in JourneyField.all { fields.append(try register(field.name)) }
    guard reader.isAtEnd else {
      throw Damage(reason: "\(reader.remaining) bytes follow its last register")
    }
    return JourneyRegisters(present: present, fields: fields)
  }

  private static func appendFixed(_ value: UInt64, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  private static func appendCounted(_ content: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    appendVarint(UInt64(content.count), to: &bytes)
    bytes.append(contentsOf: content)
  }
}
