/// Reads JSON (RFC 8259) from UTF-8 bytes in place, strictly, one record at a time.
///
/// The values it hands back are the ones a record holds: strings (their UTF-8, checked, where
/// it lies in the input unless escapes had to be decoded), numbers (where their text lies),
/// `true`, `false` and `null`: no `String` is made for a value. An array or object inside a
/// record is checked and reported as `.composite`, read without recursion, so no input can nest
/// deep enough to exhaust the stack.
/// When the bytes end in the middle of a record and more may follow, it throws `.incomplete`, and
/// the caller reads more and scans the record again.
struct JSONScanner: ~Copyable {
  /// One value inside a record.
  enum Value {
    /// A string's UTF-8, valid.
    case string(StringBytes)
    /// Where a number's text lies in the input.
    case number(Range<Int>)
    case bool(Bool)
    case null
    /// An array or object, which no journey field holds (`members` tells where its text lies).
    case composite
  }

  enum Failure: Error, Equatable {
    /// The bytes ended inside a record; more input may complete it.
    case incomplete
    case malformed(String)
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private let isFinal: Bool
  /// Whether a newline ends every record, as in NDJSON: one inside a record is an error there.
  private let isLineDelimited: Bool
  /// The next byte to read; after a `.malformed` failure, the byte at fault.
  private(set) var index: Int
  /// The newlines read so far. A newline outside whitespace is an error (a string holds none
  /// unescaped), so after a scan that succeeds they are the lines it moved past, counted as they
  /// are skipped rather than by reading the record's bytes again.
  private(set) var newlines = 0

  /// - Parameters:
  ///   - bytes: The bytes to scan.
  ///   - index: Where to start.
  ///   - isFinal: Whether the input ends with these bytes.
  ///   - isLineDelimited: Whether each record is one line (NDJSON).
  init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, isFinal: Bool, isLineDelimited: Bool = false) {
    self.bytes = bytes
    self.index = index
    self.isFinal = isFinal
    self.isLineDelimited = isLineDelimited
  }

  /// The next byte after any whitespace, without consuming it; `nil` at the end of the input.
  mutating func peekAfterWhitespace(stoppingAtNewline: Bool = false) throws(Failure) -> UInt8? {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
      case UInt8(ascii: "\n") where !stoppingAtNewline:
        index += 1
        newlines += 1
      default: return bytes[index]
      }
    }
    if isFinal { return nil }
    throw .incomplete
  }

  /// Consumes one byte known to be next.
  mutating func skip() {
    if bytes[index] == UInt8(ascii: "\n") { newlines += 1 }
    index += 1
  }

  /// Reads an object whose values are scalars, handing each member to `body` as its key's bytes
  /// (escapes decoded; in place in the input when it has none, valid only during the call) and
  /// its value.
  mutating func object(
    _ body: (_ key: UnsafeBufferPointer<UInt8>, _ value: Value) throws(Failure) -> Void
  ) throws(Failure) {
    try members { key, value, _ throws(Failure) in
      if case .composite = value {
        throw Failure.malformed("the value of '\(String(decoding: key, as: UTF8.self))' must be a string or a number")
      }
      try body(key, value)
    }
  }

  /// Reads an object whose values may be arrays or objects too, handing each member to `body`
  /// as `object(_:)` does, with where the value's text lies in the input: an object inside it
  /// is read by scanning that text again.
  mutating func members(
    _ body: (_ key: UnsafeBufferPointer<UInt8>, _ value: Value, _ text: Range<Int>) throws(Failure) -> Void
  ) throws(Failure) {
    guard try nextInRecord() == UInt8(ascii: "{") else { throw malformed("expected a JSON object") }
    skip()
    if try nextInRecord() == UInt8(ascii: "}") {
      skip()
      return
    }
    while true {
      guard try nextInRecord() == UInt8(ascii: "\"") else { throw malformed("expected a key in double quotes") }
      let key = try stringBytes().bytes
      guard try nextInRecord() == UInt8(ascii: ":") else { throw malformed("expected ':' after a key") }
      skip()
      _ = try nextInRecord()
      let start = index
      let value = try value()
      let text = start..<index
      try withBytes(of: key) { key throws(Failure) in try body(key, value, text) }
      switch try nextInRecord() {
      case UInt8(ascii: ","): skip()
      case UInt8(ascii: "}"): skip(); return
      default: throw malformed("expected ',' or '}' in an object")
      }
    }
  }

  /// The next byte after whitespace inside a record, where the input may not end.
  private mutating func nextInRecord() throws(Failure) -> UInt8 {
    guard let byte = try peekAfterWhitespace(stoppingAtNewline: isLineDelimited) else {
      throw malformed("the input ends inside a record")
    }
    if byte == UInt8(ascii: "\n") { throw malformed("the line ends inside a record; in NDJSON each record is one line") }
    return byte
  }

  /// Reads one scalar value, or notes an array or object without reading it.
  mutating func value() throws(Failure) -> Value {
    switch try nextInRecord() {
    case UInt8(ascii: "\""):
      let string = try stringBytes()
      try validate(string)
      return .string(string.bytes)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      try skipComposite()
      return .composite
    default: throw malformed("expected a value")
    }
  }

  /// Reads one whole JSON text, as RFC 8259 has it: any value, with whitespace around it and
  /// nothing else, to the end of the bytes.
  mutating func document() throws(Failure) {
    _ = try value()
    guard try peekAfterWhitespace() == nil else { throw malformed("nothing may follow the JSON value") }
  }

  /// Reads an array or object, however deeply nested, without recursion: a stack of the
  /// brackets that are open, one byte each, bounded by the input (a record is at most 16 MiB).
  private mutating func skipComposite() throws(Failure) {
    var open: [UInt8] = []
    /// Whether the next member of an object starts with its key (else a value follows).
    var expectsKey = false
    repeat {
      switch try nextInRecord() {
      case UInt8(ascii: "[") where !expectsKey:
        skip()
        open.append(UInt8(ascii: "]"))
        if try nextInRecord() == UInt8(ascii: "]") {
          skip()
          open.removeLast()
          try afterElement(&open, &expectsKey)
          continue
        }
      case UInt8(ascii: "{") where !expectsKey:
        skip()
        open.append(UInt8(ascii: "}"))
        if try nextInRecord() == UInt8(ascii: "}") {
          skip()
          open.removeLast()
          try afterElement(&open, &expectsKey)
          continue
        }
        expectsKey = true
      case UInt8(ascii: "\"") where expectsKey:
        try validate(stringBytes())
        guard try nextInRecord() == UInt8(ascii: ":") else { throw malformed("expected ':' after a key") }
        skip()
        expectsKey = false
      case _ where expectsKey:
        throw malformed("expected a key in double quotes")
      default:
        _ = try value()
        try afterElement(&open, &expectsKey)
      }
    } while !open.isEmpty
  }

  /// Reads what follows an element of an array or a member's value in an object: a `,` and
  /// what it expects next, or the closing bracket (and what follows that, in turn).
  private mutating func afterElement(_ open: inout [UInt8], _ expectsKey: inout Bool) throws(Failure) {
    while let closing = open.last {
      switch try nextInRecord() {
      case UInt8(ascii: ","):
        skip()
        expectsKey = closing == UInt8(ascii: "}")
        return
      case closing:
        skip()
        open.removeLast()
      default:
        throw malformed(closing == UInt8(ascii: "]") ? "expected ',' or ']' in an array" : "expected ',' or '}' in an object")
      }
    }
  }

  /// Checks that a string literal's bytes are valid UTF-8.
  /// - Throws: `.malformed` when they are not.
  private func validate(_ string: (bytes: StringBytes, isASCII: Bool)) throws(Failure) {
    // Validating costs more than the rest of the scan; ASCII, the usual case, needs none.
    guard !string.isASCII else { return }
    try withBytes(of: string.bytes) { utf8 throws(Failure) in
      guard String(validating: utf8, as: UTF8.self) != nil else { throw malformed("a string is not valid UTF-8") }
    }
  }

  /// A string literal's UTF-8 bytes: where they lie in the input when the literal has no escapes
  /// (no copy), else decoded.
  enum StringBytes {
    case inPlace(Range<Int>)
    case decoded([UInt8])
  }

  /// Reads a string literal, and tells whether it is ASCII (whose bytes are valid UTF-8): one
  /// without escapes is known to be as its bytes are read.
  private mutating func stringBytes() throws(Failure) -> (bytes: StringBytes, isASCII: Bool) {
    skip()
    let start = index
    var allBits: UInt8 = 0
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
      allBits |= bytes[index]
      index += 1
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
      index += 1
      return (.inPlace(start..<index - 1), allBits < 0x80)
    }
    var result = Array(bytes[start..<index])
    while true {
      guard index < bytes.count else { throw end() }
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return (.decoded(result), false)
      case UInt8(ascii: "\\"): try escape(into: &result)
      case ..<0x20:
        index -= 1
        throw malformed(
          byte == UInt8(ascii: "\n") ? "the line ends inside a string" : "a control character must be escaped inside a string")
      default: result.append(byte)
      }
    }
  }

  /// Hands a string literal's bytes to `body`.
  func withBytes<Result>(
    of string: StringBytes, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    switch string {
    case .inPlace(let range): return try body(UnsafeBufferPointer(rebasing: bytes[range]))
    case .decoded(let decoded): return try decoded.withUnsafeBufferPointer(body)
    }
  }

  private mutating func escape(into result: inout [UInt8]) throws(Failure) {
    guard index < bytes.count else { throw end() }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(byte)
    case UInt8(ascii: "b"): result.append(0x08)
    case UInt8(ascii: "f"): result.append(0x0C)
    case UInt8(ascii: "n"): result.append(0x0A)
    case UInt8(ascii: "r"): result.append(0x0D)
    case UInt8(ascii: "t"): result.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try hexQuad()
      if (0xD800..<0xDC00).contains(scalar) {
        guard index + 1 < bytes.count || isFinal else { throw .incomplete }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
          throw malformed("a \\u escape names half of a surrogate pair")
        }
        index += 2
        let low = try hexQuad()
        guard (0xDC00..<0xE000).contains(low) else { throw malformed("a \\u escape names half of a surrogate pair") }
        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw malformed("a \\u escape names half of a surrogate pair") }
      result.append(contentsOf: UTF8.encode(unicode)!)
    default:
      index -= 1
      throw malformed("'\\\(Unicode.Scalar(byte))' is not a JSON escape")
    }
  }

  private mutating func hexQuad() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw end() }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let digit: UInt8
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = bytes[index] - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = bytes[index] - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = bytes[index] - UInt8(ascii: "A") + 10
      default: throw malformed("a \\u escape needs four hexadecimal digits")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: where its text lies.
  private mutating func number() throws(Failure) -> Range<Int> {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = try digits()
    guard integerDigits > 0 else { throw malformed("a number needs digits") }
    guard bytes[integerStart] != UInt8(ascii: "0") || integerDigits == 1 else {
      throw malformed("a number cannot start with 0")
    }
    if try peek() == UInt8(ascii: ".") {
      index += 1
      guard try digits() > 0 else { throw malformed("a number needs digits after '.'") }
    }
    if let byte = try peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      index += 1
      if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
      guard try digits() > 0 else { throw malformed("a number needs digits in its exponent") }
    }
    return start..<index
  }

  private mutating func digits() throws(Failure) -> Int {
    let start = index
    while let byte = try peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    return index - start
  }

  /// The next byte, or `nil` at the end of the input (a number may end the input).
  private func peek() throws(Failure) -> UInt8? {
    if index < bytes.count { return bytes[index] }
    if isFinal { return nil }
    throw .incomplete
  }

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else {
      if isFinal { throw malformed("expected a value") }
      throw .incomplete
    }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw malformed("expected a value")
    }
    index += count
  }

  private func end() -> Failure {
    isFinal ? malformed("the input ends inside a string") : .incomplete
  }

  private func malformed(_ reason: String) -> Failure {
    .malformed(reason)
  }
}
