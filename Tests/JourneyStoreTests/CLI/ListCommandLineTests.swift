import ArgumentParser
import Testing
@testable import roadtrip

/// The `list` command lines that `roadtrip` reads without ArgumentParser must mean what
/// ArgumentParser reads in them; every other command line must go to ArgumentParser.
@Suite("list command lines read without ArgumentParser")
struct ListCommandLineTests {
  @Test(arguments: [
    ["list"],
    ["ls", "--db", "trips.sqlite"],
    ["--db", "trips.sqlite", "list", "--format", "ids"],
    [
      "--db=trips.sqlite", "list", "--transport", "scooter", "--since", "2026-03-01T00:00:00Z",
      "--until", "2026-03-04T00:00:00Z",
    ],
    ["list", "--transport", "scooter", "--transport=bike", "--since=-2d", "--format=tsv"],
    ["list", "--on", "yesterday", "--search", "coast road", "--limit", "3"],
    ["list", "--sort", "-start", "--sort", "name,duration", "--limit=0", "--fields", "id,name"],
    ["list", "--sort", "-start", "--db", "a b.sqlite"],
    ["list", "--format", "csv", "--fields", "name, id"],
  ])
  func listMeansWhatArgumentParserReads(_ commandLine: [String]) throws {
    let parsed = try #require(try Roadtrip.parseAsRoot(commandLine) as? Roadtrip.List)
    let quick = try #require(ListCommandLine(commandLine)?.validatedCommand())
    #expect(quick.filters.transport == parsed.filters.transport)
    #expect(quick.filters.dates.since == parsed.filters.dates.since)
    #expect(quick.filters.dates.until == parsed.filters.dates.until)
    #expect(quick.filters.dates.on == parsed.filters.dates.on)
    #expect(quick.filters.search == parsed.filters.search)
    #expect(quick.sort == parsed.sort)
    #expect(quick.reverse == parsed.reverse)
    #expect(quick.limit == parsed.limit)
    #expect(quick.output.format == parsed.output.format)
    #expect(quick.output.json == parsed.output.json)
    #expect(quick.output.header == parsed.output.header)
    #expect(quick.fields.fields == parsed.fields.fields)
    #expect(quick.colors.color == parsed.colors.color)
    #expect(quick.database.path == parsed.database.path)
  }

  @Test(arguments: [
    [],
    ["--help"],
    ["help", "list"],
    ["list", "--help"],
    ["list", "-h"],
    ["list", "-r"],
    ["list", "--reverse"],
    ["list", "--json"],
    ["list", "--header"],
    ["list", "--no-header"],
    ["list", "--color", "never"],
    ["list", "--"],
    ["list", "extra"],
    ["list", "--format"],
    ["list", "--format", "--db", "x"],
    ["list", "--limit", "-3"],
    ["list", "--search="],
    ["list", "--db", "a.sqlite", "--db", "b.sqlite"],
    ["--db", "a.sqlite", "list", "--db", "b.sqlite"],
    ["list", "--format", "ids", "--format", "tsv"],
    ["--format", "ids", "list"],
    ["list", "list"],
    ["show", "--db", "trips.sqlite"],
    ["--generate-completion-script", "bash"],
  ])
  func otherShapesGoToArgumentParser(_ commandLine: [String]) {
    #expect(ListCommandLine(commandLine)?.validatedCommand() == nil)
  }

  @Test(arguments: [
    ["list", "--limit", "x"],
    ["list", "--limit=-3"],
    ["list", "--format", "idz"],
    ["list", "--transport", "bicycle"],
    ["list", "--on", "today", "--since", "today"],
    ["list", "--since", "not a date"],
    ["list", "--fields", "id,id"],
    ["list", "--format", "ids", "--fields", "id"],
    ["list", "--sort", "colour"],
  ])
  func commandLinesThatValidationRefusesGoToArgumentParser(_ commandLine: [String]) {
    #expect(ListCommandLine(commandLine) != nil)
    #expect(ListCommandLine(commandLine)?.validatedCommand() == nil)
    #expect(throws: (any Error).self) { try Roadtrip.parseAsRoot(commandLine) }
  }
}
