/// Reads records of text fields, one line at a time (CSV's quoted fields may span lines), from
/// UTF-8 bytes in place: what `CSVScanner` and `TSVScanner` share.
///
/// Like `JSONScanner`, a scanner throws `.incomplete` when the bytes end inside a record and more
/// may follow, and leaves `index` at the byte at fault when it throws `.malformed`.
protocol TableScanner: ~Copyable {
  /// The bytes to scan.
  var bytes: UnsafeBufferPointer<UInt8> { get }
  /// Whether the input ends with these bytes.
  var isFinal: Bool { get }
  /// The next byte to read.
  var index: Int { get set }

  init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, isFinal: Bool)

  /// Reads one record, up to and including its line ending.
  mutating func record() throws(JSONScanner.Failure) -> [String]
}

extension TableScanner where Self: ~Copyable {
  /// Skips empty lines, ended by LF or CRLF.
  mutating func skipEmptyLines() throws(JSONScanner.Failure) {
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "\r") {
        guard index + 1 < bytes.count else {
          if isFinal { index += 1; continue }
          throw .incomplete
        }
        guard bytes[index + 1] == UInt8(ascii: "\n") else { return }
        index += 2
      } else {
        return
      }
    }
    if !isFinal { throw .incomplete }
  }

  /// Goes back to an earlier position, to report an error where a record starts.
  mutating func rewind(to position: Int) {
    index = position
  }

  /// Whether every byte has been read.
  var isAtEnd: Bool {
    index >= bytes.count && isFinal
  }

  /// The text of a field's bytes.
  /// - Throws: `.malformed` when they are not valid UTF-8.
  func text<Bytes: Collection<UInt8>>(of utf8: Bytes) throws(JSONScanner.Failure) -> String {
    guard let text = String(validating: utf8, as: UTF8.self) else { throw .malformed("a field is not valid UTF-8") }
    return text
  }
}
