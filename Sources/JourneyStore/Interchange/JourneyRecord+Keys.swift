extension JourneyRecord {
  /// The key of a journey record that a user named, as `--fields` reads it: `id`, `endDate` (or
  /// `end`), or a field's name or alias (`JourneyField.named(_:)`), ignoring case.
  /// - Throws: `JourneyInputError.unknownKey`, with the nearest key as a suggestion.
  public static func key(named name: String) throws(JourneyInputError) -> String {
    let typed = name.lowercased()
    if typed == keys[0].lowercased() { return keys[0] }
    if typed == endDateKey.lowercased() || typed == "end" { return endDateKey }
    if let field = try? JourneyField.named(name) { return field.name }
    let names = JourneyField.all.flatMap { field in ([field.name] + field.aliases).map { ($0.lowercased(), field.name) } }
      + [(keys[0], keys[0]), (endDateKey.lowercased(), endDateKey), ("end", endDateKey)]
    throw .unknownKey(name, suggestion: typed.nearest(among: names), keys: keys)
  }
}
