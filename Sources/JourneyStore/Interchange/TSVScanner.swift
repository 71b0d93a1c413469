/// Reads TSV records as `InterchangeText.appendTSVField` writes them, from UTF-8 bytes in place:
/// fields separated by tabs, one record a line (LF or CRLF), and `\\`, `\t`, `\n` and `\r` inside
/// a field for a backslash, tab, newline and carriage return.
struct TSVScanner: TableScanner, ~Copyable {
  let bytes: UnsafeBufferPointer<UInt8>
  let isFinal: Bool
  var index: Int

  init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, isFinal: Bool) {
    self.bytes = bytes
    self.index = index
    self.isFinal = isFinal
  }

  mutating func record() throws(JSONScanner.Failure) -> [String] {
    var fields: [String] = []
    var field: [UInt8] = []
    while true {
      guard index < bytes.count else {
        guard isFinal else { throw .incomplete }
        fields.append(try text(of: field))
        return fields
      }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\t"):
        fields.append(try text(of: field))
        field.removeAll(keepingCapacity: true)
        index += 1
      case UInt8(ascii: "\n"):
        fields.append(try text(of: field))
        index += 1
        return fields
      case UInt8(ascii: "\r"):
        guard index + 1 < bytes.count else {
          guard isFinal else { throw .incomplete }
          fields.append(try text(of: field))
          index += 1
          return fields
        }
        guard bytes[index + 1] == UInt8(ascii: "\n") else {
          throw .malformed("a carriage return must be written as \\r inside a TSV field")
        }
        fields.append(try text(of: field))
        index += 2
        return fields
      case UInt8(ascii: "\\"):
        guard index + 1 < bytes.count else {
          if isFinal { throw .malformed("a backslash ends the input; write a backslash as \\\\") }
          throw .incomplete
        }
        switch bytes[index + 1] {
        case UInt8(ascii: "\\"): field.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "t"): field.append(0x09)
        case UInt8(ascii: "n"): field.append(0x0A)
        case UInt8(ascii: "r"): field.append(0x0D)
        default:
          throw .malformed("a backslash in a TSV field must start \\\\, \\t, \\n or \\r")
        }
        index += 2
      default:
        field.append(byte)
        index += 1
      }
    }
  }
}
