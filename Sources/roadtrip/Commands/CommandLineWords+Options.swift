import ArgumentParser
import FoundationEssentials
import JourneyStore

extension CommandLineWords {
  /// Whether the words ask for the help of `sync` itself: `help sync`, `sync --help`, `sync -h`.
  var asksHelpOfSync: Bool {
    let name = Roadtrip.Sync.configuration.commandName
    if commandName == "help" {
      return Array(words.drop { $0 != "help" }.dropFirst()) == [name]
    }
    return commandName == name && words.contains { $0 == "--help" || $0 == "-h" }
      && !words.contains { Roadtrip.Sync.configuration.subcommands.map { $0._commandName }.contains($0) }
  }

  /// The error for the first long option before `--` that the command does not take, saying what
  /// was meant: the option of the same field (`add --type` is `--transport`), a field of `set`
  /// written as an option (`set ID --end 8:40` is `end=8:40`), or the nearest option; `nil`
  /// when every option is the command's.
  ///
  /// Asked only once a command line has failed: ArgumentParser's own message names the option
  /// alone, and some mistakes reach a command's validation first (`add x --type bus` reads
  /// `bus` as a second word of the name). A command's own message that names the option
  /// (`history prune --limit`: an option of `history`) stays.
  /// - Parameter message: The message of the failure: ArgumentParser's, or a command's.
  func unknownOptionError(replacing message: String) -> CommandError? {
    guard let (command, path) = commandForOptions() else { return nil }
    let help = Roadtrip.helpMessage(for: command, includeHidden: true, columns: 10_000)
    let (known, takingValues) = Self.options(inHelp: help)
    var words = self.words.prefix { $0 != "--" }.makeIterator()
    while let word = words.next() {
      guard word.hasPrefix("--"), word.count > 2 else { continue }
      let name = String(word.dropFirst(2).prefix { $0 != "=" })
      if known.contains(name) {
        guard takingValues.contains(name), !word.contains("=") else { continue }
        // ArgumentParser reads `--limit -1` as an option missing its value, and `-1` as a flag;
        // `--limit=-1` reaches the command, which says what it takes.
        if let value = words.next(), let number = Int(value), number < 0 {
          let about = Self.about(name, inHelp: help).map { " (\($0))" } ?? ""
          return .usage("--\(name) takes a whole number\(about), not \(value)")
        }
        continue
      }
      let isParsersOwn = message.contains("Unknown option") || message.contains("Missing value")
      guard isParsersOwn || !message.contains("--\(name)") else { return nil }
      let value = word.contains("=") ? String(word.drop { $0 != "=" }.dropFirst()) : words.next()
      return Self.error(forUnknown: name, value: value, command: command, path: path, known: known)
    }
    return nil
  }

  private static func error(
    forUnknown name: String, value: String?, command: ParsableCommand.Type, path: String, known: [String]
  ) -> CommandError {
    let unknown = "'--\(name)' is not an option of 'roadtrip \(path)'"
    if ObjectIdentifier(command) == ObjectIdentifier(Roadtrip.SetFields.self), (try? JourneyField.Edit(name: name, text: "")) != nil
      || JourneyField.Edit.endNames.contains(where: { $0.lowercased() == name.lowercased() })
      || (try? JourneyField.named(name)) != nil
    {
      let assignment = value.map { CommandLine.shellQuoted(name + "=" + $0) } ?? name + "=VALUE"
      return .usage("\(unknown): set takes fields as FIELD=VALUE after the ids, such as \(assignment)")
    }
    // A field's name or alias means the option of that field (add --type: --transport).
    let field = try? JourneyField.named(name)
    let sameField = field.flatMap { field in known.first { (try? JourneyField.named($0)) == field } }
    let suggestion = sameField ?? name.lowercased().nearest(among: known.map { ($0, $0) })
    let meant = suggestion.map { " (did you mean '--\($0)'?)" } ?? ""
    return .usage("\(unknown)\(meant); 'roadtrip \(path) --help' lists its options")
  }

  /// What a help text says of an option, its first sentence, without its final period and in
  /// lower case: `print at most this many journeys`.
  private static func about(_ name: String, inHelp help: String) -> String? {
    guard let line = help.split(separator: "\n").first(where: { $0.drop { $0 == " " }.hasPrefix("--\(name) ") })
    else { return nil }
    // "  --limit <limit>   Print at most …": what follows the padding after the option.
    let afterName = line.drop { $0 == " " }.dropFirst(name.count + 2)
    guard let gap = afterName.firstRange(of: "  ") else { return nil }
    let text = afterName[gap.upperBound...].drop { $0 == " " }
    let sentence = text.prefix { $0 != "." }
    guard let first = sentence.first else { return nil }
    return first.lowercased() + sentence.dropFirst()
  }

  /// The long options a help text lists, and those of them that take a value (`--start <date>`).
  private static func options(inHelp help: String) -> (known: [String], takingValues: [String]) {
    var known = ["help"], takingValues: [String] = []
    for line in help.split(separator: "\n") {
      let tokens = line.split(separator: " ")
      // An option's line starts with it: "-y, --yes", "--[no-]header", "--start <date>".
      guard tokens.first?.hasPrefix("-") == true else { continue }
      for (index, token) in tokens.prefix(3).enumerated() where token.hasPrefix("--") {
        var name = String(token.dropFirst(2))
        if name.hasSuffix(",") { name.removeLast() }
        if name.hasPrefix("[no-]") {
          name.removeFirst(5)
          known.append("no-" + name)
        }
        known.append(name)
        if index + 1 < tokens.count, tokens[index + 1].hasPrefix("<") { takingValues.append(name) }
      }
    }
    return (known, takingValues)
  }

  /// The command (or subcommand) the words name, and its path as typed (`db backup`); a
  /// command made of subcommands stands for its default one (`sync`: its exchange).
  private func commandForOptions() -> (ParsableCommand.Type, String)? {
    var rest = words[...]
    if rest.first == "--db" { rest = rest.dropFirst(2) } else if rest.first?.hasPrefix("--db=") == true { rest = rest.dropFirst() }
    guard let name = rest.first,
      let command = Roadtrip.configuration.subcommands.first(where: { $0._commandName == name || $0.configuration.aliases.contains(name) })
    else { return nil }
    let subcommands = command.configuration.subcommands
    guard !subcommands.isEmpty else { return (command, name) }
    if let next = rest.dropFirst().first,
      let sub = subcommands.first(where: { $0._commandName == next || $0.configuration.aliases.contains(next) })
    {
      return (sub, name + " " + next)
    }
    return command.configuration.defaultSubcommand.map { ($0, name) }
  }
}
