import ArgumentParser

/// A command line of the shape that scripts run once per journey: the name of a command that
/// takes positional arguments only, then those arguments, with at most one `--db PATH` (or
/// `--db=PATH`) anywhere among them or before the command, as in `roadtrip transport 1a2b bike`,
/// `roadtrip set - name=Coast --db trips.sqlite` or `roadtrip --db trips.sqlite transport 1a2b bike`.
///
/// ArgumentParser's `parseAsRoot` builds its model of the commands by reflection, which costs
/// more than all the rest of a process that edits one journey (BENCHMARKS.md, P3).
/// A command line of this shape can mean one thing only, so `roadtrip` makes the command from it
/// directly and runs the command's own `validate()`. Anything else (another option or flag, `--`,
/// `-h`, `--help`, a completion request, `--db` twice, or a command line that `validate()`
/// refuses) goes to ArgumentParser, so that its help, errors and usage read exactly as before.
struct PositionalCommandLine {
  /// The command's name, as typed.
  let commandName: String
  /// The arguments other than `--db` and its value, in order.
  let arguments: [String]
  /// The value of `--db`, if given.
  let databasePath: String?
}

extension PositionalCommandLine {
  /// The commands that a command line of this shape can name.
  static let commands: [any PositionalCommand.Type] = [Roadtrip.Transport.self, Roadtrip.SetFields.self]

  /// Reads a command line (without the program's name) of this shape.
  /// - Returns: `nil` when the command line has another shape.
  init?(_ commandLine: some Sequence<String>) {
    var words = commandLine.makeIterator()
    var name: String?
    var arguments: [String] = []
    var databasePath: String?
    while let word = words.next() {
      if name == nil, !word.hasPrefix("-") {
        name = word
        continue
      }
      if name != nil, word == JourneyIDs.standardInput || !word.hasPrefix("-") {
        arguments.append(word)
        continue
      }
      guard databasePath == nil else { return nil }
      if word == "--db" {
        databasePath = words.next()
      } else if word.hasPrefix("--db=") {
        databasePath = String(word.dropFirst("--db=".count))
      } else {
        return nil
      }
      guard let path = databasePath, !path.isEmpty, !path.hasPrefix("-") else { return nil }
    }
    guard let name else { return nil }
    self.init(commandName: name, arguments: arguments, databasePath: databasePath)
  }

  /// The command named, once its own validation accepts these arguments.
  /// - Returns: `nil` when no command of `commands` has this name or its validation refuses the
  ///   arguments: ArgumentParser then reports the error with the command's usage.
  func validatedCommand() -> (any PositionalCommand.Type)? {
    guard let type = Self.commands.first(where: { $0.configuration.commandName == commandName }) else {
      return nil
    }
    guard (try? type.validate(arguments: arguments)) != nil else { return nil }
    return type
  }

  /// Runs `command` (from `validatedCommand()`) with these arguments and `--db`.
  func run(_ command: any PositionalCommand.Type) throws {
    try command.run(arguments: arguments, database: ChosenDatabase(path: databasePath))
  }
}
