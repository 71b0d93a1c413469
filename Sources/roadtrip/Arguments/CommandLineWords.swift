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
  /// The command's name as typed: the first word, or the first after `--db PATH`; `nil` when
  /// that is an option (such as `--generate-completion-script bash`) or there is none.
  var commandName: String? {
    var rest = words[...]
    if rest.first == "--db" {
      rest = rest.dropFirst(2)
    } else if rest.first?.hasPrefix("--db=") == true {
      rest = rest.dropFirst()
    }
    guard let first = rest.first, !first.hasPrefix("-") else { return nil }
    return first
  }

  /// Every name and alias of roadtrip's commands, and `help`.
  static var commandNames: [String] {
    let commands = Roadtrip.configuration.subcommands
    return ["help"] + commands.map { $0._commandName } + commands.flatMap { $0.configuration.aliases }
  }

  /// Checks that the command's name names a command.
  /// - Throws: `CommandError.usage` with the nearest command's name, for a name that names none.
  func checkCommandName() throws {
    guard let name = commandName, !Self.commandNames.contains(name) else { return }
    let suggestion = name.lowercased().nearest(among: Self.commandNames.map { ($0, $0) })
    let didYouMean = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    throw CommandError.usage("'\(name)' is not a roadtrip command\(didYouMean); 'roadtrip --help' lists the commands")
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
