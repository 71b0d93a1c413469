import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// Parses the command line (one of `PositionalCommandLine`'s, `SyncCommandLine`'s or
  /// `ListCommandLine`'s shape without ArgumentParser), runs the command, and ends the process
  /// with the exit code that `Failure` gives for what went wrong, if anything.
  static func main() {
    ProcessSetup.prepare()
    let words = CommandLineWords(words: Array(CommandLine.arguments.dropFirst()))
    // A command reads `now` once: `--since today --until +2h` and every row of an import read
    // relative words from one instant.
    if let text = Configuration.value(.color), let choice = ColorChoice(rawValue: text) {
      ColorChoice.current = choice
    }
    var failure = DateExpression.withNow {
      DateExpression.withFirstWeekday(Configuration.firstWeekday) {
      run { () throws in
        if let edit = PositionalCommandLine(words.words), let command = edit.validatedCommand() {
          try edit.run(command)
          return
        }
        if let sync = SyncCommandLine(words.words) {
          try sync.run()
          return
        }
        let list: (any ParsableCommand)? = ListCommandLine(words.words)?.validatedCommand()
        var command = try list ?? {
          try words.checkCommandName()
          return try parseAsRoot()
        }()
        // Only a --color on the command line changes the choice from auto: the cast to an
        // existential looks through every conformance of the static binary (which a one-edit
        // command would pay), so it is made only then.
        if words.mentionsColor, let colored = command as? any ColoredCommand {
          ColorChoice.current = colored.colors.color
        }
        try command.run()
      }
      }
    }
    if failure?.standardOutput != nil, let word = words.misreadHelpWord {
      failure = Failure(commandLine: words.misreadHelpError(word))
    }
    // An option the command does not take is the mistake to name, whatever it led to.
    // A mistyped command's name (`history prun`) is the bigger mistake, said already.
    if failure?.exitCode == .usage, (try? words.checkCommandName()) != nil,
      let unknown = words.unknownOptionError(replacing: failure?.message ?? "")
    {
      failure = Failure(commandLine: unknown)
    }
    if let help = failure?.standardOutput, words.asksHelpOfSync {
      failure?.standardOutput = Sync.helpWithOwnOptions(help)
    }
    if let help = failure?.standardOutput {
      // --help, help, --generate-completion-script: data for standard output, not an error.
      failure = run { try BufferedOutput.standard.write(help.hasSuffix("\n") ? help : help + "\n") }
    }
    Pager.finish()
    if failure == nil || failure?.exitCode == .success { CreatedDatabase.report() }
    if let message = failure?.message {
      StandardError.write(message.hasSuffix("\n") ? message : message + "\n")
    }
    ProcessSetup.end(with: failure?.exitCode ?? .success)
  }

  /// Runs `body` and flushes standard output, also after a failure: what a command printed
  /// before it failed (such as the report of `db check`) is printed.
  /// - Returns: Why it failed, or `nil` when it succeeded.
  private static func run(_ body: () throws -> Void) -> Failure? {
    do {
      try body()
      try BufferedOutput.standard.flush()
      return nil
    } catch {
      try? BufferedOutput.standard.flush()
      return Failure(commandLine: error)
    }
  }
}
