/// The fields of CSV and TSV lines.
enum DelimitedText {
  /// A CSV field as RFC 4180 writes it: in double quotes, with inner quotes doubled, when it holds
  /// a comma, a quote, a carriage return or a newline; as it is otherwise.
  static func csvField(_ text: String) -> String {
    let needsQuotes = text.utf8.contains {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n")
    }
    guard needsQuotes else { return text }
    var result = "\""
    for character in text.unicodeScalars {
      if character == "\"" { result += "\"\"" } else { result.unicodeScalars.append(character) }
    }
    return result + "\""
  }

  /// A TSV field: a backslash, tab, newline or carriage return is written as `\\`, `\t`, `\n`
  /// or `\r`, so that a record is always one line of tab-separated fields.
  static func tsvField(_ text: String) -> String {
    let needsEscapes = text.utf8.contains {
      $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
    }
    guard needsEscapes else { return text }
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "\\": result += "\\\\"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// A CSV record, ending in CRLF.
  static func csvLine(_ fields: [String]) -> String {
    fields.map(csvField).joined(separator: ",") + "\r\n"
  }

  /// A TSV record, ending in a newline.
  static func tsvLine(_ fields: [String]) -> String {
    fields.map(tsvField).joined(separator: "\t") + "\n"
  }
}
