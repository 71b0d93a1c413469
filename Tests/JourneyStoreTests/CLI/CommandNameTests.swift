import ArgumentParser
import Testing
@testable import roadtrip

/// Every command names itself. ArgumentParser derives a missing name from the type's name with
/// `String(describing:)`, which in a static executable scans every protocol conformance of the
/// binary, several times a command: a quarter of the instructions of a filtered `list` went there
/// before the names were written out (BENCHMARKS.md, P7).
@Suite("Command names")
struct CommandNameTests {
  @Test func everyCommandHasAnExplicitName() {
    var commands: [any ParsableCommand.Type] = [Roadtrip.self]
    while let command = commands.popLast() {
      #expect(command.configuration.commandName != nil, "\(command) has no commandName")
      commands += command.configuration.subcommands
    }
  }
}
