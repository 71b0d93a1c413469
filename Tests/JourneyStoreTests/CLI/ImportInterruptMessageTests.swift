import Foundation
import Testing

/// Ctrl-C during an import ends it with 130 and says that nothing was imported.
@Suite("An interrupted import says so")
struct ImportInterruptMessageTests {
  @Test func itSaysNothingWasImported() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    let before = try sandbox.snapshot()
    let pipe = Pipe()
    let importing = try sandbox.start(["import"], input: pipe.fileHandleForReading)
    try pipe.fileHandleForReading.close()
    let lines = (0..<400).map { #"{"name":"Halfway \#($0)","transportationType":"bus","startDate":"2026-11-21","duration":60}"# }
    try pipe.fileHandleForWriting.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
    try await Task.sleep(for: .milliseconds(500))
    importing.signal(SIGINT)
    let result = try await importing.finish(within: nil)
    #expect(result.exitCode == 130)
    try pipe.fileHandleForWriting.close()
    let message = result.standardError
    #expect(message.hasSuffix("roadtrip: interrupted; nothing was imported\n"), "\(message)")
    #expect(try sandbox.snapshot() == before)
  }
}
