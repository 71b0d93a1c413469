/// One JSON object of a report, written on one line with its members in the order given: what
/// a command prints with `--json` when its answer is not a list of records (the summary of an
/// undo, the sync status). Strings are escaped as every JSON roadtrip writes is.
///
/// ```swift
/// var object = JSONObjectText()
/// object.append("path", .string("/tmp/journeys.sqlite"))
/// object.append("exists", .bool(true))
/// print(object.text)   // {"path":"/tmp/journeys.sqlite","exists":true}
/// ```
public struct JSONObjectText: Sendable {
  private var bytes: [UInt8] = [UInt8(ascii: "{")]

  public init() {}

  /// Appends a member; a key appended twice appears twice, so append each once.
  public mutating func append(_ key: String, _ value: InterchangeValue) {
    appendKey(key)
    Self.append(value, to: &bytes)
  }

  /// Appends a member whose value is an array of values.
  public mutating func append(_ key: String, values: [InterchangeValue]) {
    appendKey(key)
    bytes.append(UInt8(ascii: "["))
    for (index, value) in values.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      Self.append(value, to: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Appends a member whose value is an array of objects.
  public mutating func append(_ key: String, objects: [JSONObjectText]) {
    appendKey(key)
    bytes.append(UInt8(ascii: "["))
    for (index, object) in objects.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: object.closedBytes)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// The object's text, without a newline.
  public var text: String {
    String(decoding: closedBytes, as: UTF8.self)
  }

  private var closedBytes: [UInt8] { bytes + [UInt8(ascii: "}")] }

  private mutating func appendKey(_ key: String) {
    if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
    InterchangeText.appendJSONString(key.utf8, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
  }

  private static func append(_ value: InterchangeValue, to bytes: inout [UInt8]) {
    switch value {
    case .string(let text): InterchangeText.appendJSONString(text.utf8, to: &bytes)
    case .number(let text):
      let utf8 = Array(text.utf8)
      if InterchangeText.isJSONNumber(utf8[...]) {
        bytes.append(contentsOf: utf8)
      } else {
        InterchangeText.appendJSONString(utf8, to: &bytes)
      }
    case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case .null: bytes.append(contentsOf: "null".utf8)
    }
  }
}
