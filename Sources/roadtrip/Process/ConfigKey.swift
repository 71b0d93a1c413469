import JourneyStore

/// A setting of `roadtrip config`, git-style: a section and a name (`default.transport`), and the
/// values it takes, checked when it is set and when the file is read.
enum ConfigKey: String, CaseIterable {
  /// The type `add` and browse's new journeys take without `--transport`.
  case transport = "default.transport"
  /// The duration `add` and browse's new journeys take without `--duration`.
  case duration = "default.duration"
  /// The first day of the week: `this-week`, `last-week`, `next-week` and `summary --by week`.
  case weekStart = "week.start"
  /// `auto`, `always` or `never`, as `--color` takes it; `--color` wins.
  case color = "color.ui"
  /// The pager of long output on a terminal, in place of `$PAGER`; empty or `cat` for none.
  case pager = "core.pager"
}

extension ConfigKey {
  /// What the key sets, for `config --help` and errors.
  var summary: String {
    switch self {
    case .transport: "the type of a new journey (default: car)"
    case .duration: "the duration of a new journey (default: 1h)"
    case .weekStart: "the first day of the week (default: monday)"
    case .color: "auto, always or never (default: auto)"
    case .pager: "the pager of long output on a terminal (default: $PAGER, else less -FRX)"
    }
  }

  /// The values the key takes, as an error names them.
  var allowed: String {
    switch self {
    case .transport: TransportationType.allCases.map(\.rawValue).joined(separator: ", ")
    case .duration: "a duration as add --duration takes it: 45m, 1h30, PT1H30M, 1:30:00"
    case .weekStart: Self.weekdays.joined(separator: ", ")
    case .color: "auto, always, never"
    case .pager: "any command line; empty or cat for none"
    }
  }

  /// The key named `name`, ignoring case, as git reads its keys; `nil` for a name no key has.
  static func named(_ name: String) -> ConfigKey? {
    ConfigKey(rawValue: name.lowercased())
  }

  /// Why `name` names no key: the nearest key, and the keys there are.
  static func unknown(_ name: String) -> String {
    let names = allCases.map(\.rawValue)
    let suggestion = name.lowercased().nearest(among: names.map { ($0, $0) }).map { " (did you mean '\($0)'?)" } ?? ""
    return "'\(name)' is not a setting\(suggestion); the settings are: \(names.joined(separator: ", "))"
  }

  /// The value as it is stored: checked, and in its canonical form for a type or a weekday.
  /// - Returns: `nil` when the key does not take the value.
  func checked(_ value: String) -> String? {
    switch self {
    case .transport:
      return (try? TransportationType(parsing: value))?.rawValue
    case .duration:
      return (try? JourneyField.duration.parse(value)) != nil ? value : nil
    case .weekStart:
      let word = value.lowercased()
      return Self.weekdays.first { $0 == word || (word.count >= 3 && $0.hasPrefix(word)) }
    case .color:
      let word = value.lowercased()
      return ["auto", "always", "never"].contains(word) ? word : nil
    case .pager:
      return value
    }
  }

  /// The weekdays from Sunday, as `week.start` takes them.
  static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
}
