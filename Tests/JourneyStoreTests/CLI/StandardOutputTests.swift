import Foundation
import Testing
import JourneyStore

@Suite("Standard output that is full, closed or closed early")
struct BufferedOutputTests {
  @Test(arguments: [["list"], ["types"], ["show", "aaaa1"], ["--help"], ["db", "path"]])
  func aFullBufferedOutputIs74(_ arguments: [String]) async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await shell(sandbox, arguments, redirect: "> /dev/full")
    result.expectExit(74)
    #expect(result.standardError == "roadtrip: error: cannot write to standard output: No space left on device\n")
  }

  @Test func aClosedBufferedOutputIs74() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await shell(sandbox, ["list"], redirect: ">&-")
    result.expectExit(74)
    #expect(result.standardError == "roadtrip: error: cannot write to standard output: Bad file descriptor\n")
    #expect(try sandbox.records().count == 3)
  }

  @Test func aCommandThatPrintsNothingDoesNotMindAClosedBufferedOutput() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let result = try await shell(sandbox, ["transport", "aaaa1", "bike"], redirect: ">&-")
    result.expectSuccess()
    #expect(try sandbox.value("transportationType", of: SampleJourneys.coastID) == "bike")
  }

  @Test func aReaderThatClosesThePipeEarlyIsNormal() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seed((0..<3000).map { Journey(name: "Journey \($0)", startDate: SampleJourneys.morning.addingTimeInterval(Double($0))) })
    let output = Pipe()
    let listing = try Child(
      RoadtripBinary.path, ["list", "--format", "ndjson"], environment: sandbox.environment, in: sandbox.folder,
      output: output.fileHandleForWriting)
    // Once the child has the write end, this process lets go of it: if the child stops, the read
    // below sees the end of the input instead of waiting for ever.
    try output.fileHandleForWriting.close()
    let firstBytes = try output.fileHandleForReading.read(upToCount: 100) ?? Data()
    try output.fileHandleForReading.close()
    let result = try await listing.finish(within: nil)
    #expect(result.exitCode == 0)
    #expect(String(decoding: firstBytes, as: UTF8.self).hasPrefix(#"{"id":""#))
    #expect(result.standardError == "")
  }

  /// Runs roadtrip through `sh`, for redirections that `Process` cannot make.
  private func shell(_ sandbox: CLISandbox, _ arguments: [String], redirect: String) async throws -> CommandResult {
    let quoted = ([RoadtripBinary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
    return try await Child.run(
      "/bin/sh", ["-c", "\(quoted) \(redirect)"], environment: sandbox.environment, in: sandbox.folder, timeout: nil)
  }
}
