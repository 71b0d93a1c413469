import ArgumentParser
import JourneyStore

/// A `list` command line of the shape that scripts run: `list` (or `ls`), then options that take
/// a value each (`options`), as `--NAME VALUE` or `--NAME=VALUE`, with `--db` also before the
/// command, as in `roadtrip list --transport scooter --since 2026-03-01 --format ids`.
///
/// ArgumentParser's `parseAsRoot` builds the argument sets of `list`'s option groups by
/// reflection, several times over, which costs more than SQLite spends listing thousands of
/// journeys (BENCHMARKS.md, P7). A command line of this shape means one thing only, so `roadtrip`
/// makes the command from it, as `PositionalCommandLine` does for edits, and runs the
/// validations that ArgumentParser runs. Anything else (a flag, another option, an option given
/// twice that cannot repeat, a value missing or refused, help, a completion request) goes to
/// ArgumentParser, so that its help, errors and usage read exactly as before.
struct ListCommandLine {
  /// The options given, by name without the dashes, with their values, in order.
  let options: [(name: String, value: String)]
}

extension ListCommandLine {
  /// The options read here; `--transport` and `--sort` may repeat, the others not.
  static let names = [
    "transport", "since", "until", "on", "search", "sort", "limit", "format", "fields", "db",
  ]
  /// Options whose value may start with a dash (`--since -2d`, `--sort -start`): ArgumentParser
  /// reads them `.unconditional`ly; for the others such a word is an option, not a value.
  private static let takingDashes = ["since", "until", "on", "sort"]
  private static let repeatable = ["transport", "sort"]

  /// Reads a command line (without the program's name) of this shape.
  /// - Returns: `nil` when the command line has another shape.
  init?(_ commandLine: [String]) {
    let configuration = Roadtrip.List.configuration
    let commandNames = [configuration.commandName] + configuration.aliases
    var words = commandLine.makeIterator()
    var isNamed = false
    var options: [(name: String, value: String)] = []
    while let word = words.next() {
      if !isNamed, commandNames.contains(where: { $0 == word }) {
        isNamed = true
        continue
      }
      guard word.hasPrefix("--") else { return nil }
      let option = word.dropFirst(2)
      let name: String
      let value: String
      if let equals = option.firstIndex(of: "=") {
        name = String(option[..<equals])
        value = String(option[option.index(after: equals)...])
      } else {
        name = String(option)
        guard let next = words.next() else { return nil }
        let takesDashes = Self.takingDashes.contains { $0 == name }
        guard takesDashes || !next.hasPrefix("-") else { return nil }
        value = next
      }
      let isKnown = Self.names.contains { $0 == name }
      guard isNamed || name == "db", isKnown, !value.isEmpty else { return nil }
      options.append((name, value))
    }
    guard isNamed else { return nil }
    for name in Self.names where !Self.repeatable.contains(where: { $0 == name }) {
      guard options.count(where: { $0.name == name }) <= 1 else { return nil }
    }
    self.init(options: options)
  }

  /// The `list` command of this command line, once every value reads as ArgumentParser reads it
  /// and the validations ArgumentParser runs accept them.
  /// - Returns: `nil` when a value or a validation refuses: ArgumentParser then reports the
  ///   error with the command's usage.
  func validatedCommand() -> Roadtrip.List? {
    var limit: Int?
    if let text = value(of: "limit") {
      guard let number = Int(argument: text) else { return nil }
      limit = number
    }
    var format: OutputFormat?
    if let text = value(of: "format") {
      guard let chosen = OutputFormat(argument: text) else { return nil }
      format = chosen
    }
    guard let transport = try? values(of: "transport").map(TransportationType.argument) else {
      return nil
    }
    let dates = DateFilterOptions.make(
      since: value(of: "since"), until: value(of: "until"), on: value(of: "on"))
    let command = Roadtrip.List.make(
      filters: FilterOptions.make(transport: transport, dates: dates, search: value(of: "search")),
      sort: values(of: "sort"), limit: limit, format: format, fields: value(of: "fields"),
      databasePath: value(of: "db"))
    do {
      try command.filters.dates.validate()
      try command.output.validate()
      try command.fields.validate()
      try command.validate()
    } catch {
      return nil
    }
    return command
  }

  private func value(of name: String) -> String? {
    options.last { $0.name == name }?.value
  }

  private func values(of name: String) -> [String] {
    options.filter { $0.name == name }.map(\.value)
  }
}
