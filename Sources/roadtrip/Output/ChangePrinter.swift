import FoundationEssentials
import JourneyStore

/// Prints changes of the log to standard output, one at a time, as `history` and `watch` do: a
/// line of text each, or JSON objects.
struct ChangePrinter {
  /// The JSON writer, when the format is one.
  private var writer: ChangeWriter?
  private let style: Style
  private let output: BufferedOutput
  /// Where a line finds a journey's name, for the table.
  private let nameOf: (UUID) -> String?
  /// The names found so far.
  private var names: [UUID: String] = [:]
  /// The number of changes printed so far.
  private(set) var count = 0

  /// - Parameter nameOf: A journey's name, for the table (`JourneyDatabase.lastKnownName(of:)`).
  init(
    format: ChangeFormat, output: BufferedOutput = .standard, style: Style = .standardOutput,
    nameOf: @escaping (UUID) -> String? = { _ in nil }
  ) {
    self.output = output
    self.style = style
    self.nameOf = nameOf
    switch format {
    case .table: writer = nil
    case .json: writer = ChangeWriter(format: .json) { try output.write($0) }
    case .ndjson: writer = ChangeWriter(format: .ndjson) { try output.write($0) }
    }
  }
}

extension ChangePrinter {
  /// Prints one change.
  /// - Throws: `CommandError` when standard output cannot be written.
  mutating func print(_ change: JourneyChange) throws {
    count += 1
    if writer != nil {
      try writer?.write(change)
    } else {
      // The name first: within one expression, the copy of self that `line` is called on would
      // share the names with the one `name(of:)` mutates, and the mutation copy them all.
      let name = name(of: change.journeyID)
      try output.write(line(for: change, named: name))
    }
  }

  /// Writes out what is printed so far, for a reader following along.
  mutating func flush() throws {
    try writer?.flush()
    try output.flush()
  }

  /// Completes the output: closes a JSON array.
  mutating func finish() throws {
    try writer?.finish()
  }

  /// A journey's name, looked up once.
  private mutating func name(of id: UUID) -> String {
    if let name = names[id] { return name }
    let name = nameOf(id) ?? ""
    names[id] = name
    return name
  }

  /// `2026-11-21 09:00:03+01:00  #12  1a2b3c4d  Coast road            update  name  'Old' → 'New'  roadtrip set 1a2b name=New`
  private func line(for change: JourneyChange, named name: String) -> String {
    var values = ""
    if let field = change.field {
      let old = change.oldValue.map { quoted($0, of: field) }
      let new = change.newValue.map { quoted($0, of: field) }
      values = [old, new].compactMap { $0 }.joined(separator: " → ")
    }
    let columns = [
      style.dim(change.date.localText),
      style.yellow("#\(change.batch)".padded(to: 5)),
      String(change.journeyID.uuidString.lowercased().prefix(8)),
      name.escapingControlCharacters.cut(toWidth: Self.nameWidth).padded(to: Self.nameWidth),
      change.kind.rawValue.padded(to: 6),
      (change.field?.name ?? "").padded(to: Self.fieldWidth),
      values,
      style.dim(change.origin.escapingControlCharacters),
    ]
    return columns.joined(separator: "  ") + "\n"
  }

  /// The width of the name column: names are cut to it.
  private static let nameWidth = 20

  /// The width of the field column: the longest field name.
  private static let fieldWidth = JourneyField.all.map(\.name.count).max() ?? 0

  /// A value as it reads in a line: text in quotes, with control characters escaped; a date in
  /// the local time zone.
  private func quoted(_ value: JourneyField.Value, of field: JourneyField) -> String {
    if field == .startDate, let date = try? Date(parsing: value.description) { return date.localText }
    let text = value.description.escapingControlCharacters
    return field == .name ? "'\(text)'" : text
  }
}
