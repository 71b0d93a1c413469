/// One value of a record as `JourneyReader` scanned it, before its field's parser reads it: text
/// as UTF-8 where it lies in the reader's buffer, or decoded, or a JSON value that no field holds.
///
/// A value in place is only bytes of the buffer, so a journey's values cost no `String` each
/// and no copy: the parsers read them there (`JourneyField.storedValue(parsingUTF8:)`).
enum ScannedValue {
  /// Valid UTF-8 in the reader's buffer: a JSON string without escapes, or a number.
  case inPlace(Range<Int>)
  /// A JSON string whose escapes were decoded, as valid UTF-8.
  case decoded([UInt8])
  /// A CSV or TSV field.
  case text(String)
  /// `true`, `false`, `null`, an array or an object.
  case notText

  /// The value of a JSON record.
  init(_ value: JSONScanner.Value) {
    switch value {
    case .string(.inPlace(let range)), .number(let range): self = .inPlace(range)
    case .string(.decoded(let bytes)): self = .decoded(bytes)
    case .bool, .null, .composite: self = .notText
    }
  }

  /// Hands `body` the value's UTF-8, `nil` for a value that is not text.
  /// - Parameter buffer: The reader's buffer, which an in-place value lies in.
  func withUTF8<Result>(
    in buffer: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result? {
    switch self {
    case .inPlace(let range): return body(UnsafeBufferPointer(rebasing: buffer[range]))
    case .decoded(let bytes): return bytes.withUnsafeBufferPointer(body)
    case .text(var text): return text.withUTF8(body)
    case .notText: return nil
    }
  }

  /// The value's text, `nil` for a value that is not text.
  func text(in buffer: UnsafeBufferPointer<UInt8>) -> String? {
    if case .text(let text) = self { return text }
    return withUTF8(in: buffer) { String(decoding: $0, as: UTF8.self) }
  }
}
