/// A journey's registers as `sync_register.registers` holds them (schema version 9): one blob,
/// so that saving a journey's registers binds two values and reading them reads two columns
/// (BENCHMARKS.md, P12: binding and reading 21 columns was a large part of what a received
/// journey cost). The format is roadtrip's own, never sent: change files and snapshots carry
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
/// is then written once (`Write.previous`): 40 bytes less for every journey a sync inserted.
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
    withEncoded(registers) { Array($0) }
  }

  /// Hands `body` the blob of `registers`, valid only during the call: written in one buffer of
  /// the largest size it can take, on the stack when it is small, which saving binds where it
  /// lies (an array a journey, and SQLite's copy of it, is an allocation and a copy for every
  /// journey a sync receives: BENCHMARKS.md, P12).
  static func withEncoded<Result>(
    _ registers: JourneyRegisters, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    // The tag, the write (8 + 10 + 10) and a value (a count's 10 and the content at most), and
    // 10 to spare.
    var capacity = 1
    func bound(_ register: Register) -> Int {
      switch register.value {
      case .text(let text): 39 + 10 + text.utf8.count
      case .invalidText(let bytes), .blob(let bytes): 39 + 10 + bytes.count
      default: 39 + 10
      }
    }
    capacity += bound(registers.present)
    for register in registers.fields { capacity += bound(register) }
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      var writer = RegisterWriter(buffer: buffer)
      writer.append(version)
      var previous: (hlc: Int64, by: Int64, seq: Int64)?
      func append(_ register: Register) {
        let write = (register.hlc, register.by, register.seq)
        let how: Write =
          write == (0, 0, 0) ? .none : previous.map { $0 == write } == true ? .previous : .own
        previous = write
        let kind: Kind =
          switch register.value {
          case .null: .null
          case .integer: .integer
          case .real: .real
          case .text, .invalidText: .text
          case .blob: .blob
          }
        writer.append(how.rawValue << 3 | kind.rawValue)
        if how == .own {
          writer.appendFixed(UInt64(bitPattern: register.hlc))
          writer.appendVarint(UInt64(bitPattern: register.by))
          writer.appendVarint(UInt64(bitPattern: register.seq))
        }
        switch register.value {
        case .null:
          break
        case .integer(let integer):
          writer.appendVarint(UInt64(bitPattern: (integer << 1) ^ (integer >> 63)))
        case .real(let real):
          writer.appendFixed(real.bitPattern)
        case .text(var text):
          text.withUTF8 { writer.appendCounted($0) }
        case .invalidText(let bytes), .blob(let bytes):
          bytes.withUnsafeBufferPointer { writer.appendCounted($0) }
        }
      }
      append(registers.present)
      for register in registers.fields { append(register) }
      return try body(UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
    }
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
    var previous: (hlc: Int64, by: Int64, seq: Int64)?
    func register(_ index: Int) throws(Damage) -> Register {
      /// What is read, named for a damage only.
      @inline(never) func part(_ what: String) -> String {
        "the \(index == 0 ? "existence" : JourneyField.all[index - 1].name) register\(what)"
      }
      let tag = try reader.byte(for: part(""))
      guard tag >> 5 == 0, let write = Write(rawValue: (tag >> 3) & 3),
        let kind = Kind(rawValue: tag & 7)
      else {
        throw Damage(reason: part("'s tag \(tag) is not one roadtrip writes"))
      }
      var register = Register.empty
      switch write {
      case .own:
        register.hlc = Int64(bitPattern: try reader.fixed(for: part("'s clock")))
        register.by = Int64(bitPattern: try reader.varint(for: part("'s replica")))
        register.seq = Int64(bitPattern: try reader.varint(for: part("'s file")))
      case .previous:
        guard let previous else {
          throw Damage(reason: part(" names the write of a register before it"))
        }
        (register.hlc, register.by, register.seq) = previous
      case .none:
        break
      }
      switch kind {
      case .null:
        break
      case .integer:
        let zigzag = try reader.varint(for: part("'s value"))
        register.value = .integer(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
      case .real:
        register.value = .real(
          Double(bitPattern: try reader.fixed(for: part("'s value"))))
      case .text:
        register.value = DatabaseValue(text: try reader.counted(for: part("'s value")))
      case .blob:
        register.value = .blob(Array(try reader.counted(for: part("'s value"))))
      }
      previous = (register.hlc, register.by, register.seq)
      return register
    }
    let present = try register(0)
    var fields = RegisterFields(repeating: .empty)
    for index in fields.indices { fields[index] = try register(index + 1) }
    guard reader.isAtEnd else {
      throw Damage(reason: "\(reader.remaining) bytes follow its last register")
    }
    return JourneyRegisters(present: present, fields: fields)
  }
}
