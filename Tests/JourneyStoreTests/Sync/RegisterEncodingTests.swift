import Foundation
import Testing

@testable import JourneyStore

/// A journey's registers in one blob (`RegisterEncoding`): every value comes back exactly, a
/// write shared by registers is written once, and a damaged blob is refused by name, by the
/// store, by `db check` and by a sync, never read past.
@Suite("Register encoding")
struct RegisterEncodingTests {
  static func register(_ value: DatabaseValue, _ hlc: Int64, by: Int64, seq: Int64) -> Register {
    Register(value: value, hlc: hlc, by: by, seq: seq)
  }

  /// An insert's registers: every one written by the same write.
  static let inserted = JourneyRegisters(
    present: register(.integer(1), 117_681_919_739_101_184, by: 2, seq: 1),
    fields: [
      .text("Coast road 🚲"), .text("car"), .real(816_940_800), .real(5_400),
    ].map { register($0, 117_681_919_739_101_184, by: 2, seq: 1) })

  static func decoded(_ bytes: [UInt8]) throws(RegisterEncoding.Damage) -> JourneyRegisters {
    try bytes.withUnsafeBufferPointer { bytes throws(RegisterEncoding.Damage) in
      try RegisterEncoding.decoded(bytes)
    }
  }

  @Test(arguments: [
    DatabaseValue.null, .integer(0), .integer(1), .integer(-1), .integer(.max), .integer(.min),
    .real(0), .real(-0.0), .real(.nan), .real(-.infinity), .real(.leastNonzeroMagnitude),
    .real(0.1 + 0.2), .text(""), .text("Night bus\nline 2, 旅行 \u{0}"),
    .invalidText([0x66, 0xFF, 0xFE]), .blob([]), .blob(Array(0...255)),
  ])
  func everyValueComesBackWithItsBits(value: DatabaseValue) throws {
    var registers = Self.inserted
    registers.fields[0].value = value
    registers.fields[1] = Self.register(value, .max, by: .max, seq: .min)
    registers.fields[2] = Self.register(value, -1, by: 0, seq: 0)
    registers.fields[3] = .empty
    let decoded = try Self.decoded(RegisterEncoding.encoded(registers))
    #expect(decoded == registers)
    if case .real(let real) = value, case .real(let back) = decoded.fields[0].value {
      #expect(back.bitPattern == real.bitPattern)
    }
  }

  /// The registers hold one field register for each journey field, in place.
  @Test func thereIsARegisterForEachField() {
    #expect(RegisterFields.count == JourneyField.all.count)
    #expect(JourneyRegisters.empty.fields.count == JourneyField.all.count)
  }

  /// The write of an insert is written once, not five times: 53 bytes, not 93.
  @Test func aWriteSharedByRegistersIsWrittenOnce() throws {
    let bytes = RegisterEncoding.encoded(Self.inserted)
    #expect(bytes.count == 53)
    #expect(try Self.decoded(bytes) == Self.inserted)
    var edited = Self.inserted
    edited.fields[2].hlc += 1
    // The register after it names its own write again: only the one before it is shared.
    #expect(RegisterEncoding.encoded(edited).count == 53 + 20)
    #expect(try Self.decoded(RegisterEncoding.encoded(edited)) == edited)
    #expect(RegisterEncoding.encoded(.empty).count == 7)
    #expect(try Self.decoded(RegisterEncoding.encoded(.empty)) == .empty)
  }

  /// Every blob that ends early, and every damage a byte can make, is refused with a reason.
  @Test func aDamagedBlobIsRefusedWithAReason() throws {
    let bytes = RegisterEncoding.encoded(Self.inserted)
    for count in 0..<bytes.count {
      #expect(throws: RegisterEncoding.Damage.self) {
        try Self.decoded(Array(bytes.prefix(count)))
      }
    }
    let refusals: [([UInt8], String)] = [
      ([2] + bytes.dropFirst(), "its format version is 2, not 1"),
      (bytes + [0], "1 bytes follow its last register"),
      ([1, 0x20], "the existence register's tag 32 is not one roadtrip writes"),
      ([1, 0x05], "the existence register's tag 5 is not one roadtrip writes"),
      ([1, 0x18], "the existence register's tag 24 is not one roadtrip writes"),
      ([1, 0x08], "the existence register names the write of a register before it"),
      ([1, 0x13] + [0x80, 0x01],
       "the existence register's value says it has 128 bytes, but 0 are left"),
      ([1, 0x11] + Array(repeating: 0xFF, count: 9) + [0x02],
       "the existence register's value is a number of more than 64 bits"),
      ([1, 0x11] + Array(repeating: 0xFF, count: 11),
       "the existence register's value is a number of more than 64 bits"),
      ([1, 0x10, 0x10, 0x10], "it ends before the startDate register"),
    ]
    for (damaged, reason) in refusals {
      #expect(throws: RegisterEncoding.Damage(reason: reason)) { try Self.decoded(damaged) }
    }
    // Any byte changed decodes to registers or is refused: never a crash.
    for index in bytes.indices {
      for byte: UInt8 in [0, 0x7F, 0x80, 0xFF] {
        var damaged = bytes
        damaged[index] = byte
        _ = try? Self.decoded(damaged)
      }
    }
  }

  /// A blob another program damaged: `db check` names the journey and what is wrong, and a sync
  /// that reads it refuses with exit 65 and leaves the database as it was.
  @Test func aDamagedRegisterIsNamedByDBCheckAndRefusedBySync() async throws {
    let sandbox = try CLISandbox()
    let remote = sandbox.folder.file("remote")
    let added = try await sandbox.run("add", "Coast road", "--transport", "car")
    added.expectSuccess()
    try await sandbox.run("sync", remote).expectSuccess()
    #expect(try await sandbox.run("db", "check").exitCode == 0)
    let id = try await sandbox.run("list", "--format", "ids").standardOutput
      .trimmingCharacters(in: .newlines)
    let shell = try Connection(path: sandbox.databasePath, busyTimeout: .seconds(5))
    try shell.execute("UPDATE sync_register SET registers = x'0110'")

    let check = try await sandbox.run("db", "check")
    #expect(check.exitCode == 65, "\(check)")
    let problem =
      "the sync registers of journey \(id) are damaged (it ends before the name register)"
    #expect(check.standardOutput.contains(problem) || check.standardError.contains(problem))

    try await sandbox.run("set", String(id.prefix(8)), "name=Coast road, later").expectSuccess()
    let sync = try await sandbox.run("sync")
    #expect(sync.exitCode == 65, "\(sync)")
    #expect(sync.standardError.contains("roadtrip: error: \(problem)"), "\(sync)")
    #expect(
      try shell.firstValue("SELECT registers FROM sync_register") == .blob([1, 0x10]))
    #expect(try await sandbox.run("sync", "--status").standardOutput.contains("1 change"))
  }
}
