import ArgumentParser
import Testing
@testable import roadtrip

/// The `sync` command lines that `roadtrip` reads without ArgumentParser must mean what
/// ArgumentParser reads in them; every other command line must go to ArgumentParser.
@Suite("sync command lines read without ArgumentParser")
struct SyncCommandLineTests {
  @Test(arguments: [
    ["sync"],
    ["sync", "--db", "trips.sqlite"],
    ["sync", "-q", "--db=trips.sqlite"],
    ["--db", "trips.sqlite", "sync", "--quiet"],
    ["--db=a b.sqlite", "sync", "/media/stick/journeys"],
    ["sync", "remote", "--db", "trips.sqlite"],
    ["sync", "--quiet", "me@example.com:journeys.git"],
    ["sync", "./a:b", "-q"],
    ["sync", "list"],
  ])
  func syncMeansWhatArgumentParserReads(_ commandLine: [String]) throws {
    let parsed = try #require(try Roadtrip.parseAsRoot(commandLine) as? Roadtrip.Sync.Exchange)
    let quick = try #require(SyncCommandLine(commandLine))
    #expect(quick.remote == parsed.remote)
    #expect(quick.isQuiet == parsed.quiet)
    #expect(quick.databasePath == parsed.database.path)
    #expect(parsed.newRemote == nil && parsed.secretFile == nil)
    #expect(!parsed.status && !parsed.compact && !parsed.json)
  }

  @Test(arguments: [
    [],
    ["sync", "--help"],
    ["sync", "-h"],
    ["help", "sync"],
    ["sync", "help"],
    ["sync", "conflicts"],
    ["sync", "conflicts", "--db", "trips.sqlite"],
    ["sync", "exchange", "remote"],
    ["sync", "--status"],
    ["sync", "--status", "--json"],
    ["sync", "--compact"],
    ["sync", "--new-remote", "other"],
    ["sync", "remote", "--secret-file", "secret"],
    ["sync", "-qq"],
    ["sync", "-q", "-q"],
    ["sync", "--quiet", "-q"],
    ["sync", "a", "b"],
    ["sync", ""],
    ["sync", "--"],
    ["sync", "--", "remote"],
    ["sync", "-"],
    ["sync", "--db"],
    ["sync", "--db", ""],
    ["sync", "--db="],
    ["sync", "--db", "-q"],
    ["sync", "--db", "a.sqlite", "--db", "b.sqlite"],
    ["--db", "a.sqlite", "sync", "--db", "b.sqlite"],
    ["sync", "--color", "never"],
    ["-q", "sync"],
    ["remote", "sync"],
    ["list"],
    ["synch"],
    ["--generate-completion-script", "bash"],
  ])
  func otherShapesGoToArgumentParser(_ commandLine: [String]) {
    #expect(SyncCommandLine(commandLine) == nil)
  }
}
