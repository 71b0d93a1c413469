extension JourneyReader {
  /// The column index of a CSV or TSV column that is ignored.
  static let ignoredColumn = -1

  /// Maps a CSV or TSV header to key indexes (`ignoredColumn` for a column ignored), and notes
  /// the columns ignored. A column is named as `roadtrip set` names a field
  /// (`JourneyField.named(_:)`: any case, aliases such as `start`), or is `id`, `endDate` or
  /// `end` in any case.
  func columns(of header: [String]) throws(JSONScanner.Failure) -> [Int] {
    var columns: [Int] = []
    var ignored: [String] = []
    for name in header {
      guard let index = try Self.columnIndex(named: name, refusingUnknown: options.refusesUnknownColumns) else {
        ignored.append(name)
        columns.append(Self.ignoredColumn)
        continue
      }
      guard !columns.contains(index) else { throw .malformed("the column '\(name)' appears twice") }
      columns.append(index)
    }
    ignoredColumns = ignored
    return columns
  }

  /// The index in `JourneyRecord.keys` of the key a column names, or `nil` for a column to
  /// ignore: one that names no key and looks like none (a name of one or two characters looks
  /// like none: `km` is no typo of `id`), unless `refusingUnknown`.
  /// - Throws: `.malformed` for a column that names no key, with the nearest key when there is one.
  static func columnIndex(named name: String, refusingUnknown: Bool) throws(JSONScanner.Failure) -> Int? {
    if let index = knownColumnIndex(named: name) { return index }
    let key = name.lowercased()
    let names = JourneyRecord.keys + JourneyField.all.flatMap(\.aliases) + JourneyField.Edit.endNames
    let suggestion = key.nearest(among: names.map { ($0.lowercased(), $0) })
    guard refusingUnknown || (suggestion != nil && name.count >= 3) else { return nil }
    throw .malformed(
      "'\(name)' is not a journey key\(suggestion.map { " (did you mean '\($0)'?)" } ?? ""); "
        + "the keys are: \(JourneyRecord.keys.joined(separator: ", ")), in any case"
        + (refusingUnknown ? "" : "; a column that names no key and looks like none is ignored"))
  }

  /// The index in `JourneyRecord.keys` of the key a column names, in any case, with `set`'s
  /// aliases and `end` for `endDate`; `nil` for a name that is none of them.
  static func knownColumnIndex(named name: String) -> Int? {
    let key = name.lowercased()
    if let index = JourneyRecord.keys.firstIndex(where: { $0.lowercased() == key }) { return index }
    if JourneyField.Edit.endNames.contains(where: { $0.lowercased() == key }) { return JourneyRecord.keys.count - 1 }
    if let field = try? JourneyField.named(name), let offset = JourneyField.all.firstIndex(of: field) {
      return offset + 1
    }
    return nil
  }
}
