import ArgumentParser
import JourneyStore

/// A command line (without the program's name) as roadtrip reads it around ArgumentParser, for
/// the two mistakes ArgumentParser reports poorly: a mistyped command's name ("Unexpected
/// argument"), and a value such as `-hello world` that it reads as a group of short flags with
/// `-h` in it, printing help and succeeding without doing anything.
struct CommandLineWords {
  let words: [String]
}

extension CommandLineWords {
  /// Whether a word is the `--color` option (`--color WHEN` or `--color=WHEN`): without it,
  /// every command colours as `auto` says.
  var mentionsColor: Bool {
    words.contains { $0 == "--color" || $0.hasPrefix("--color=") }
  }

  /// The command's name as typed: the first word, or the first after `--db PATH`; `nil` when
  /// that is an option (such as `--generate-completion-script bash`) or there is none.
  var commandName: String? {
    wordsFromCommandName.first
  }

  /// The words from the command's name on; empty when there is no name (see `commandName`).
  private var wordsFromCommandName: ArraySlice<String> {
    var rest = words[...]
    if rest.first == "--db" {
      rest = rest.dropFirst(2)
    } else if rest.first?.hasPrefix("--db=") == true {
      rest = rest.dropFirst()
    }
    guard let first = rest.first, !first.hasPrefix("-") else { return [] }
    return rest
  }

  /// Every name and alias of roadtrip's commands, and `help`.
  static var commandNames: [String] {
    ["help"] + names(of: Roadtrip.configuration.subcommands)
  }

  /// The names and aliases of commands.
  private static func names(of commands: [ParsableCommand.Type]) -> [String] {
    commands.map { $0._commandName }
      + commands.flatMap { $0.configuration.aliases }
  }

  /// The command of `commands` that `name` names, by its name or an alias.
  private static func command(named name: String, among commands: [ParsableCommand.Type]) -> ParsableCommand.Type? {
    commands.first { $0._commandName == name || $0.configuration.aliases.contains(name) }
  }

  /// Checks that the command's name names a command, that the word after a command made of
  /// subcommands names one of them (`db chek`, `history prun`), and that `help` names commands.
  /// - Throws: `CommandError.usage` with the nearest name, for a name that names none.
  func checkCommandName() throws {
    let words = wordsFromCommandName
    guard let name = words.first else { return }
    if name == "version" {
      throw CommandError.usage("'version' is not a roadtrip command; 'roadtrip --version' prints the version")
    }
    guard Self.commandNames.contains(name) else {
      throw CommandError.usage(
        "'\(name)' is not a roadtrip command\(Self.didYouMean(name, among: Self.commandNames)); "
          + "'roadtrip --help' lists the commands")
    }
    if name == "help" {
      try Self.checkHelpTopic(words.dropFirst().prefix { !$0.hasPrefix("-") })
    } else if let command = Self.command(named: name, among: Roadtrip.configuration.subcommands) {
      try Self.checkSubcommandName(words.dropFirst().first, of: command, path: name)
    }
  }

  /// Checks that the word after a command with subcommands names one of them. After `history`,
  /// which runs by itself and takes a journey's id, only a word that is no id and is near a
  /// subcommand's name is refused.
  private static func checkSubcommandName(_ word: String?, of command: ParsableCommand.Type, path: String) throws {
    let subcommands = command.configuration.subcommands
    guard let word, !word.hasPrefix("-"), !subcommands.isEmpty,
      Self.command(named: word, among: subcommands) == nil
    else { return }
    let names = Self.names(of: subcommands)
    let suggestion = didYouMean(word, among: names)
    if command.configuration.defaultSubcommand != nil {
      guard !suggestion.isEmpty, !word.allSatisfy(\.isHexDigit) else { return }
      throw CommandError.usage(
        "'\(word)' is neither a journey id nor a command of 'roadtrip \(path)'\(suggestion); "
          + "'roadtrip \(path) --help' lists them")
    }
    throw CommandError.usage(
      "'\(word)' is not a command of 'roadtrip \(path)'\(suggestion); the commands are: "
        + names.joined(separator: ", "))
  }

  /// Checks that `roadtrip help TOPIC...` names a command (and its subcommand).
  private static func checkHelpTopic(_ topic: ArraySlice<String>) throws {
    guard let name = topic.first else { return }
    guard let command = Self.command(named: name, among: Roadtrip.configuration.subcommands) else {
      throw CommandError.usage(
        "'\(name)' is not a roadtrip command\(didYouMean(name, among: commandNames)); "
          + "'roadtrip help' lists the commands")
    }
    try checkSubcommandName(topic.dropFirst().first, of: command, path: name)
  }

  /// ` (did you mean 'NAME'?)` with the nearest of `names`, or nothing when none is near.
  private static func didYouMean(_ word: String, among names: [String]) -> String {
    word.lowercased().nearest(among: names.map { ($0, $0) }).map { " (did you mean '\($0)'?)" } ?? ""
  }

  /// The first word before `--` that ArgumentParser reads as short flags including `-h`, such as
  /// `-hello world`, when no word asks for help on its own (`-h`, `--help`, `-help`, `help`).
  var misreadHelpWord: String? {
    let words = self.words.prefix { $0 != "--" }
    guard !words.contains(where: { ["-h", "--help", "-help"].contains($0) }), commandName != "help" else {
      return nil
    }
    return words.first { $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.count > 2 && $0.dropFirst().contains("h") }
  }

  /// The error for a misread word: it is not an option, and `--` passes it as a value.
  func misreadHelpError(_ word: String) -> CommandError {
    let quoted = CommandLine.shellQuoted(word)
    return .usage(
      "'\(word)' is not an option (-h asks for help only on its own); to pass a value that starts with -, "
        + "put -- before it: roadtrip \(commandName ?? "add") -- \(quoted)")
  }
}
