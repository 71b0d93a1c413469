import Foundation
import Testing
@testable import JourneyStore

/// A disk that is really full and a file system that is really read-only (a small tmpfs the test
/// mounts and always unmounts), and standard output that cannot be written: exit 74 with a clear
/// message, the earlier data intact, reading still possible.
@Suite("Reliability: a full disk, a read-only file system, an unwritable output")
struct ResourceTests {
  private static let importLines = (0..<3000).map {
    #"{"name":"Bulk \#($0) with a name long enough to take some room on the disk","transportationType":"bus","startDate":"2026-11-21","duration":60}"#
  }.joined(separator: "\n") + "\n"



  @Test(arguments: [
    ["export"], ["export", "--format", "csv"], ["list", "--format", "json"], ["add", "Reported", "--json"],
    ["add", "Reported"], ["set", "aaaa1", "name=Reported", "--json"], ["transport", "aaaa1"], ["db", "check"],
  ])
  func standardOutputThatCannotBeWrittenIs74AndWritesNothing(_ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let quoted = ([RoadtripBinary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
    let result = try await Child.run("/bin/sh", ["-c", quoted + " > /dev/full"], environment: sandbox.environment, in: sandbox.folder)
    #expect(result.exitCode == 74, "\(result)")
    #expect(result.standardError == "roadtrip: error: cannot write to standard output: No space left on device\n")
    // A command whose report could not be written did not change anything either.
    #expect(try sandbox.snapshot() == before)
  }
}
