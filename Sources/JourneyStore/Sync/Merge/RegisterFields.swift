/// The registers of a journey's fields, one for each of `JourneyField.all`, in that order, held
/// in the value itself (an `InlineArray`) rather than in an array's buffer of their own: a sync
/// keeps the registers of every journey it touches in one array (`SyncJourneys`), which at
/// 100,000 journeys held 100,000 such buffers, each allocated when the registers were read,
/// released and freed at the end, and reached through a pointer at every merge (BENCHMARKS.md,
/// P12).
struct RegisterFields {
  private var registers: InlineArray<4, Register>

  /// Every field's register `register`.
  init(repeating register: Register) {
    registers = InlineArray(repeating: register)
  }

  /// The registers given, one for each field.
  init(_ registers: some Collection<Register>) {
    precondition(registers.count == Self.count, "a register for each journey field")
    self.init(repeating: .empty)
    for (index, register) in zip(indices, registers) { self[index] = register }
  }

  /// How many fields a journey has: `JourneyField.all.count`
  /// (`RegisterEncodingTests.thereIsARegisterForEachField`).
  static let count = 4
}

extension RegisterFields: RandomAccessCollection, MutableCollection {
  var startIndex: Int { 0 }
  var endIndex: Int { Self.count }

  subscript(position: Int) -> Register {
    get { registers[position] }
    _modify { yield &registers[position] }
  }
}

extension RegisterFields: Equatable {
  static func == (left: RegisterFields, right: RegisterFields) -> Bool {
    left.elementsEqual(right)
  }
}
