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
    let errorPath = sandbox.folder.file("import.err")
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: RoadtripBinary.path)
    process.arguments = ["import"]
    process.environment = sandbox.environment
    process.standardInput = pipe
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    async let status = RoadtripBinary.runToEnd(process)
    while process.processIdentifier == 0 { try await Task.sleep(for: .milliseconds(10)) }
    let lines = (0..<400).map { #"{"name":"Halfway \#($0)","transportationType":"bus","startDate":"2026-11-21","duration":60}"# }
    try pipe.fileHandleForWriting.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
    try await Task.sleep(for: .milliseconds(500))
    process.interrupt()
    #expect(try await status == 130)
    try pipe.fileHandleForWriting.close()
    let message = String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self)
    #expect(message.hasSuffix("roadtrip: interrupted; nothing was imported\n"), "\(message)")
    #expect(try sandbox.snapshot() == before)
  }
}
