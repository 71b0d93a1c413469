/// Some of a journey's fields, as bits over their positions in `JourneyField.all`: what a change
/// touches, a write-through write sets, or a save writes. A change is a set of fields, not of
/// positions.
///
/// A plain integer underneath: comparing, hashing or using one as an index costs a few
/// instructions, and no generic conformance (an `[Int]` as a dictionary's key had the runtime
/// look up `Array: Hashable` through every conformance of the static binary, BENCHMARKS.md).
struct JourneyFieldSet: Hashable, Sendable {
  /// One bit per field, bit `n` for `JourneyField.all[n]`.
  private(set) var rawValue: UInt8

  /// No field.
  init() {
    rawValue = 0
  }

  init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Every field.
  static let all = JourneyFieldSet(rawValue: UInt8(1 << JourneyField.all.count) - 1)

  /// The number of different sets: `rawValue` runs from 0 to `combinations - 1`.
  static let combinations = 1 << JourneyField.all.count

  var isEmpty: Bool {
    rawValue == 0
  }

  func contains(_ field: JourneyField) -> Bool {
    rawValue & field.bit != 0
  }

  mutating func insert(_ field: JourneyField) {
    rawValue |= field.bit
  }

  mutating func remove(_ field: JourneyField) {
    rawValue &= ~field.bit
  }

  func union(_ other: JourneyFieldSet) -> JourneyFieldSet {
    JourneyFieldSet(rawValue: rawValue | other.rawValue)
  }

  func intersection(_ other: JourneyFieldSet) -> JourneyFieldSet {
    JourneyFieldSet(rawValue: rawValue & other.rawValue)
  }
}

extension JourneyFieldSet: ExpressibleByArrayLiteral {
  init(arrayLiteral fields: JourneyField...) {
    self.init(fields)
  }
}

extension JourneyFieldSet: Sequence {
  /// A set of these fields.
  init(_ fields: some Sequence<JourneyField>) {
    rawValue = 0
    for field in fields { insert(field) }
  }

  /// The fields, in the order of `JourneyField.all`.
  func makeIterator() -> some IteratorProtocol<JourneyField> {
    JourneyField.all.lazy.filter { self.contains($0) }.makeIterator()
  }

  var underestimatedCount: Int {
    rawValue.nonzeroBitCount
  }
}

extension JourneyField {
  /// The field's bit in a `JourneyFieldSet`.
  var bit: UInt8 {
    1 << UInt8(index)
  }
}
