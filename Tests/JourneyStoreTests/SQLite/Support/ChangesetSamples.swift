@testable import JourneyStore

/// Tables and values the changeset tests share.
enum ChangesetSamples {
  /// A table like the journey table: a text key and two columns of any value.
  static let item = ChangesetTable(
    name: "item", columns: ["id", "first", "second"], primaryKeyColumns: 1)

  /// A table with a key of two columns.
  static let pair = ChangesetTable(
    name: "pair", columns: ["left", "right", "value"], primaryKeyColumns: 2)

  /// One value of every kind a changeset holds, at the edges SQLite allows.
  static let values: [DatabaseValue] = [
    .null, .integer(0), .integer(.min), .integer(.max), .integer(-1),
    .real(0), .real(-0.0), .real(1), .real(.pi), .real(.infinity), .real(-.infinity),
    .real(.leastNonzeroMagnitude), .real(.greatestFiniteMagnitude),
    .real(Double(bitPattern: 0x8000_0000_0000_0001)),
    .text(""), .text("nul\u{0}byte"), .text("émoji 🚌"),
    .text(String(repeating: "long ", count: 10_000)),
    .invalidText([0xFF, 0xFE, 0x00, 0x41]), .invalidText([0xC3]),
    .blob([]), .blob([0, 255, 0, 1]), .blob(Array(repeating: 7, count: 300)),
  ]
}
