import Foundation
import Testing

/// One writer (issue 40, item 1): the steps around a write are written once, in `Writer`, and
/// the database's own commits reach the managed journeys through the `CommitFollower` alone, as
/// ARCHITECTURE.md says.
@Suite("One writer")
struct OneWriterTests {
  /// Every Swift file of the library, by its path under `Sources/JourneyStore`, with its text.
  private static func sources() throws -> [(path: String, text: String)] {
    var root = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
      root.deleteLastPathComponent()
    }
    let folder = root.appendingPathComponent("Sources/JourneyStore")
    let paths = try #require(FileManager.default.subpathsOfDirectory(atPath: folder.path) as [String]?)
    return try paths.filter { $0.hasSuffix(".swift") }.sorted().map {
      ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
    }
  }

  /// The files where `pattern` (a regular expression) is found in code, comments aside.
  private static func files(using pattern: String) throws -> [String] {
    let expression = try Regex(pattern)
    return try sources().filter { file in
      file.text.split(separator: "\n").contains { line in
        let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return code.contains(expression)
      }
    }.map(\.path)
  }

  @Test func aBatchOpensInTheWriterAlone() throws {
    // `BatchesInFlight.write` is the write-through queue's and the long work's door, which
    // the writer and the queue call; `Batch.write` itself only these.
    #expect(try Self.files(using: #"Batch\.write\("#) == ["History/BatchesInFlight.swift", "History/Writer.swift"])
    #expect(
      try Self.files(using: #"(worksFor|batches)\.write\("#)
        == ["History/Writer.swift", "WriteThrough/WriteThroughQueue.swift"])
  }

  @Test func theStepsAroundAWriteAreWrittenOnce() throws {
    #expect(try Self.files(using: #"prepareForWriting\(\)$"#).allSatisfy {
      ["Database/JourneyDatabase+Writing.swift", "Database/JourneyDatabase+Schema.swift",
       "Database/JourneyDatabase+Pruning.swift"].contains($0)
    })
    #expect(try Self.files(using: #"follower\.(noteOwn|catchUp)"#).allSatisfy {
      ["Database/JourneyDatabase+Refresh.swift"].contains($0)
    })
  }

  @Test func onlyTheFollowerTurnsACommitIntoAManagedJourneysValue() throws {
    // The identity map's taking in of committed values is the follower's; the front only
    // starts managing what it reads (`manage`) and what an add is inserting (`awaitInsert`).
    #expect(
      try Self.files(using: #"identityMap\.(takeCommitted|detach|revive|markSaved|reload)"#)
        == ["Following/CommitFollower.swift"])
  }
}
