import ArgumentParser
import Testing
@testable import roadtrip

/// The command lines that `roadtrip` reads without ArgumentParser must mean what ArgumentParser
/// reads in them; every other command line must go to ArgumentParser.
@Suite("Command lines read without ArgumentParser")
struct PositionalCommandLineTests {
  private static let id = "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001"

  @Test(arguments: [
    ["transport", id, "bike"],
    ["transport", "0b1e", "aaaa", "Shared Ride", "--db", "trips.sqlite"],
    ["transport", "--db=trips.sqlite", "-", "bike"],
    ["transport", "-", "--db", "a b.sqlite"],
    ["transport", "help"],
    ["--db", "trips.sqlite", "transport", id, "bike"],
    ["--db=trips.sqlite", "transport", "0b1e", "car"],
  ])
  func transportMeansWhatArgumentParserReads(_ commandLine: [String]) throws {
    let parsed = try #require(try Roadtrip.parseAsRoot(commandLine) as? Roadtrip.Transport)
    let quick = try #require(PositionalCommandLine(commandLine))
    let command = try #require(quick.validatedCommand())
    #expect(ObjectIdentifier(command) == ObjectIdentifier(Roadtrip.Transport.self))
    #expect(quick.arguments == parsed.arguments)
    #expect(parsed.step == nil)
    #expect(quick.databasePath == parsed.database.path)
  }

  @Test(arguments: [
    ["set", id, "name=Coast road"],
    ["set", "0b1e", "-", "duration=1h", "name=", "--db", "trips.sqlite"],
    ["set", "--db=trips.sqlite", id, "name=--db", "start=now"],
    ["--db", "trips.sqlite", "set", id, "name=Coast road"],
  ])
  func setMeansWhatArgumentParserReads(_ commandLine: [String]) throws {
    let parsed = try #require(try Roadtrip.parseAsRoot(commandLine) as? Roadtrip.SetFields)
    let quick = try #require(PositionalCommandLine(commandLine))
    let command = try #require(quick.validatedCommand())
    #expect(ObjectIdentifier(command) == ObjectIdentifier(Roadtrip.SetFields.self))
    #expect(quick.arguments == parsed.arguments)
    #expect(parsed.json == false)
    #expect(quick.databasePath == parsed.database.path)
  }

  @Test(arguments: [
    [],
    ["--help"],
    ["help", "transport"],
    ["transport", "--help"],
    ["transport", "-h"],
    ["transport", id, "--next"],
    ["transport", id, "--", "bike"],
    ["transport", id, "bike", "--db"],
    ["transport", id, "bike", "--db", ""],
    ["transport", id, "bike", "--db", "-"],
    ["transport", id, "bike", "--db=a", "--db=b"],
    ["--db", "a.sqlite", "transport", id, "bike", "--db", "b.sqlite"],
    ["--db", "transport", id, "bike"],
    ["--db", "-", "transport", id, "bike"],
    ["set", id, "name=x", "--json"],
    ["list", "--db", "trips.sqlite"],
    ["types"],
    ["--generate-completion-script", "bash"],
  ])
  func otherShapesGoToArgumentParser(_ commandLine: [String]) {
    #expect(PositionalCommandLine(commandLine)?.validatedCommand() == nil)
  }

  @Test(arguments: [
    ["transport"],
    ["transport", "0b1e", "bicycle"],
    ["transport", "0b1e", "help"],
    ["transport", "-", "-", "bike"],
    ["set", id],
    ["set", id, "colour=red"],
    ["set", id, "name=a", "name=b"],
  ])
  func commandLinesThatValidationRefusesGoToArgumentParser(_ commandLine: [String]) {
    #expect(PositionalCommandLine(commandLine) != nil)
    #expect(PositionalCommandLine(commandLine)?.validatedCommand() == nil)
    #expect(throws: (any Error).self) { try Roadtrip.parseAsRoot(commandLine) }
  }
}
