/// The members of one JSON object (RFC 8259, read strictly by `JSONScanner`), by name: a small
/// file's JSON, such as a remote's `roadtrip-remote.json`, read without Foundation's
/// `JSONDecoder`, whose first use in a process costs more than a sync with nothing new does
/// besides (BENCHMARKS.md, P12). A name given twice keeps its last value, as `JSONDecoder` does.
struct JSONMembers {
  /// A member's value.
  enum Value: Equatable {
    case string(String)
    /// A number's text, as it stands in the JSON.
    case number(String)
    case bool(Bool)
    case null
    /// An object's JSON text, to be read as members in turn.
    case object([UInt8])
    case array
  }

  private var values: [String: Value] = [:]

  /// Reads `bytes`, which must be one JSON object, with nothing but whitespace around it.
  /// - Throws: `JSONScanner.Failure.malformed` for anything else.
  init(_ bytes: [UInt8]) throws(JSONScanner.Failure) {
    var values: [String: Value] = [:]
    try bytes.withUnsafeBufferPointer { buffer throws(JSONScanner.Failure) in
      var scanner = JSONScanner(buffer, at: 0, isFinal: true)
      try scanner.members { key, value, text throws(JSONScanner.Failure) in
        let name = String(decoding: key, as: UTF8.self)
        switch value {
        case .string(.inPlace(let range)): values[name] = .string(String(decoding: buffer[range], as: UTF8.self))
        case .string(.decoded(let decoded)): values[name] = .string(String(decoding: decoded, as: UTF8.self))
        case .number(let range): values[name] = .number(String(decoding: buffer[range], as: UTF8.self))
        case .bool(let bool): values[name] = .bool(bool)
        case .null: values[name] = .null
        case .composite:
          values[name] = buffer[text.lowerBound] == UInt8(ascii: "{") ? .object(Array(buffer[text])) : .array
        }
      }
      guard try scanner.peekAfterWhitespace() == nil else {
        throw .malformed("nothing may follow the JSON object")
      }
    }
    self.values = values
  }

  /// The value of the member `name`, or `nil` when there is none.
  subscript(name: String) -> Value? {
    values[name]
  }

  /// The string the member `name` holds.
  /// - Throws: `JSONScanner.Failure.malformed` when it is missing or not a string.
  func string(_ name: String) throws(JSONScanner.Failure) -> String {
    guard case .string(let string) = values[name] else { throw Self.expected("a string", name) }
    return string
  }

  /// The integer the member `name` holds: a number without a fraction (`1`, `1.0`, `1e3`) that
  /// an `Int` holds.
  /// - Throws: `JSONScanner.Failure.malformed` when it is missing, not a number, or not such an
  ///   integer.
  func integer(_ name: String) throws(JSONScanner.Failure) -> Int {
    guard case .number(let text) = values[name] else { throw Self.expected("a number", name) }
    if let integer = Int(text) { return integer }
    guard let double = Double(text), let integer = Int(exactly: double) else {
      throw Self.expected("an integer", name)
    }
    return integer
  }

  private static func expected(_ kind: String, _ name: String) -> JSONScanner.Failure {
    .malformed("the member '\(name)' must be \(kind)")
  }
}
