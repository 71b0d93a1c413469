/// Reads CSV records (RFC 4180) from UTF-8 bytes in place: fields separated by commas (or
/// another separator, such as the `;` of spreadsheets set to a decimal comma), records by CRLF or
/// LF, fields in double quotes holding separators, newlines and doubled quotes.
struct CSVScanner: TableScanner, ~Copyable {
  let bytes: UnsafeBufferPointer<UInt8>
  let isFinal: Bool
  var index: Int
  /// The byte between fields: a comma unless told otherwise.
  let separator: UInt8

  init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, isFinal: Bool) {
    self.init(bytes, at: index, isFinal: isFinal, separator: UInt8(ascii: ","))
  }

  init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, isFinal: Bool, separator: UInt8) {
    self.bytes = bytes
    self.index = index
    self.isFinal = isFinal
    self.separator = separator
  }

  /// Reads one record, up to and including its line ending.
  mutating func record() throws(JSONScanner.Failure) -> [String] {
    var fields: [String] = []
    while true {
      fields.append(try field())
      guard index < bytes.count else {
        if isFinal { return fields }
        throw .incomplete
      }
      switch bytes[index] {
      case separator:
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        return fields
      case UInt8(ascii: "\r"):
        guard index + 1 < bytes.count else {
          if isFinal { index += 1; return fields }
          throw .incomplete
        }
        guard bytes[index + 1] == UInt8(ascii: "\n") else { throw .malformed("a carriage return must be followed by a newline") }
        index += 2
        return fields
      default:
        throw .malformed(
          "a quoted field must be followed by \(separator == UInt8(ascii: ",") ? "a comma" : "'\(Unicode.Scalar(separator))'") or the end of the line")
      }
    }
  }

  private mutating func field() throws(JSONScanner.Failure) -> String {
    let utf8: ArraySlice<UInt8>
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
      utf8 = try quotedField()
    } else {
      let start = index
      // In locals, so that the loop reads no stored property: this is the importer's inner loop.
      let separator = self.separator
      var end = start
      while end < bytes.count {
        let byte = bytes[end]
        // Most bytes are above the quote, the line endings and a tab: one comparison besides
        // the separator's.
        if byte > UInt8(ascii: "\""), byte != separator {
          end += 1
          continue
        }
        if byte == separator || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
        guard byte != UInt8(ascii: "\"") else {
          index = end
          throw .malformed("a field with a double quote in it must be in double quotes, with the quote doubled")
        }
        end += 1
      }
      index = end
      // A field that runs to the end of the bytes read so far may go on (and may end inside a
      // UTF-8 sequence): it is checked once the bytes that end it have come in.
      if index == bytes.count && !isFinal { throw .incomplete }
      utf8 = ArraySlice(bytes[start..<index])
    }
    return try text(of: utf8)
  }

  /// Reads a field in double quotes; one that is never closed is reported where it opens.
  private mutating func quotedField() throws(JSONScanner.Failure) -> ArraySlice<UInt8> {
    let opening = index
    index += 1
    var result: [UInt8] = []
    while true {
      guard index < bytes.count else {
        if isFinal {
          index = opening
          throw .malformed("a quoted field is not closed")
        }
        throw .incomplete
      }
      let byte = bytes[index]
      index += 1
      guard byte == UInt8(ascii: "\"") else {
        result.append(byte)
        continue
      }
      guard index < bytes.count else {
        if isFinal { return result[...] }
        throw .incomplete
      }
      guard bytes[index] == UInt8(ascii: "\"") else { return result[...] }
      result.append(byte)
      index += 1
    }
  }
}
