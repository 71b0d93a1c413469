import FoundationEssentials
import JourneyStore

/// Prints changes of the log to standard output, one at a time, as `history` and `watch` do: a
/// line of text each, or JSON objects. On a terminal a line fits its width: narrower than 100
/// columns it leaves out the short id and the seconds, the name gets less room, and what does
/// not fit is cut with an ellipsis; piped, nothing is cut.
struct ChangePrinter {
  /// The JSON writer, when the format is one.
  private var writer: ChangeWriter?
  private let style: Style
  private let output: BufferedOutput
  /// Where a line finds a journey's name, for the table.
  private let nameOf: (UUID) -> String?
  /// The names found so far.
  private var names: [UUID: String] = [:]
  /// The columns a line fits, on a terminal; `nil` when nothing is cut.
  private let width: Int?
  /// The number of changes printed so far.
  private(set) var count = 0
  /// The number of batches whose changes were printed so far: a batch's changes come together.
  private(set) var batchCount = 0
  /// The batch of the last change printed.
  private var lastBatch: Int64?

  /// - Parameter nameOf: A journey's name, for the table (`JourneyDatabase.lastKnownName(of:)`).
  init(
    format: ChangeFormat, output: BufferedOutput = .standard, style: Style = .standardOutput,
    nameOf: @escaping (UUID) -> String? = { _ in nil }
  ) {
    self.output = output
    self.style = style
    self.nameOf = nameOf
    width = format == .table ? TerminalSize.fittingColumns(of: output) : nil
    switch format {
    case .table: writer = nil
    case .json: writer = ChangeWriter(format: .json) { try output.write($0) }
    case .ndjson: writer = ChangeWriter(format: .ndjson) { try output.write($0) }
    }
  }
}

extension ChangePrinter {
  /// Whether `change` is of the batch whose changes were printed last: its line continues it.
  func continuesBatch(_ change: JourneyChange) -> Bool {
    change.batch == lastBatch
  }

  /// Prints one change.
  /// - Throws: `CommandError` when standard output cannot be written.
  mutating func print(_ change: JourneyChange) throws {
    count += 1
    if change.batch != lastBatch {
      (batchCount, lastBatch) = (batchCount + 1, change.batch)
    }
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

  /// `2026-11-21 09:00:03+01:00  #12  1a2b3c4d  Coast road            update  name  'Old' → 'New'  roadtrip set 1a2b name=New`,
  /// cut to fit a terminal.
  private func line(for change: JourneyChange, named name: String) -> String {
    var values = ""
    if let field = change.field {
      let old = change.oldValue.map { quoted($0, of: field) }
      let new = change.newValue.map { quoted($0, of: field) }
      values = [old, new].compactMap { $0 }.joined(separator: " → ")
    }
    let nameWidth = Self.nameWidth(fitting: width)
    let isNarrow = width.map { $0 < Self.narrowWidth } ?? false
    var line = TerminalLine()
    line.append(change.date.localText(showsSeconds: !isNarrow), decorate: style.dim)
    line.append("#\(change.batch)".padded(to: 5), decorate: style.yellow)
    if !isNarrow {
      line.append(String(change.journeyID.uuidString.lowercased().prefix(8)))
    }
    let shownName = name.escapingControlCharacters
    line.append((width == nil ? shownName : shownName.cut(toWidth: nameWidth)).padded(to: nameWidth))
    line.append(change.kind.rawValue.padded(to: 6))
    line.append((change.field?.name ?? "").padded(to: Self.fieldWidth))
    line.append(values)
    line.append(change.origin.escapingControlCharacters, decorate: style.dim)
    return line.rendered(fitting: width)
  }

  /// The width of the name column: names are padded to it, and cut to it on a terminal. 20
  /// columns, or on a terminal too narrow to leave the values 24 beside them, down to 10.
  private static func nameWidth(fitting width: Int?) -> Int {
    guard let width else { return 20 }
    return min(20, max(10, width - 100))
  }

  /// Below this width a line leaves out the short id and the seconds, for the values to show.
  private static let narrowWidth = 100

  /// The width of the field column: the longest field name.
  private static let fieldWidth = JourneyField.all.map(\.name.count).max() ?? 0

  private func quoted(_ value: JourneyField.Value, of field: JourneyField) -> String {
    value.shownText(of: field)
  }
}
