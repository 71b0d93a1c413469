import Foundation
import Testing
@testable import JourneyStore

/// Any journey export writes, import reads back identical, in every format; any text stored is
/// exported byte for byte: the Big List of Naughty Strings, and journeys drawn at random.
@Suite("Conformance: round trips")
struct RoundTripPropertyTests {
  /// The naughty strings, from `blns/blns.json`.
  static func naughtyStrings() throws -> [String] {
    try JSONDecoder().decode([String].self, from: Data(ConformanceCorpus.bytes("blns/blns.json")))
  }

  /// Writes journeys in a format and reads them back with the journey reader.
  static func roundTrip(_ journeys: [Journey], _ format: InterchangeFormat, includesHeader: Bool = true) throws
    -> [ImportedJourney]
  {
    var text = ""
    var writer = JourneyWriter(format: format, includesHeader: includesHeader) { text += $0 }
    for journey in journeys { try writer.write(journey) }
    try writer.finish()
    let reader = JourneyReader(text: text, format: format)
    var read: [ImportedJourney] = []
    while let journey = try reader.next() { read.append(journey) }
    return read
  }

  static func expectIdentical(_ read: [ImportedJourney], _ journeys: [Journey], _ context: String) {
    #expect(read.count == journeys.count, "\(context)")
    for (imported, journey) in zip(read, journeys) {
      #expect(imported.id == journey.id, "\(context)")
      // DatabaseValue compares text by its bytes and numbers by their bits.
      #expect(imported.values == JourneyValues(readingUntracked: journey), "\(context): \(journey.name.debugDescription)")
    }
  }

  @Test(arguments: InterchangeFormat.allCases)
  func everyNaughtyStringIsANameThatRoundTrips(format: InterchangeFormat) throws {
    let strings = try Self.naughtyStrings()
    #expect(strings.count > 500)
    let journeys = strings.map { Journey(name: $0, startDate: Fixtures.morning) }
    Self.expectIdentical(try Self.roundTrip(journeys, format), journeys, "\(format)")
    if format == .tsv {
      Self.expectIdentical(try Self.roundTrip(journeys, format, includesHeader: false), journeys, "tsv without a header")
    }
  }

  /// Text for names: ASCII with every character the formats escape or quote, combining marks
  /// (NFD), composed letters (NFC), a byte-order mark, line and paragraph separators, emoji and
  /// other planes, and NUL.
  static let alphabet: [Unicode.Scalar] = Array("aZ09 ,;\"'\\/\t\n\r{}[]:".unicodeScalars)
    + [0x00, 0x01, 0x1F, 0x7F, 0x85, 0xA0, 0xE9, 0x301, 0x308, 0xFEFF, 0x2028, 0x2029, 0xFFFD, 0x1F6B2, 0x10FFFF]
    .compactMap(Unicode.Scalar.init)

  static func randomJourney(using generator: inout SeededGenerator) -> Journey {
    var name = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...12, using: &generator) {
      name.append(alphabet.randomElement(using: &generator)!)
    }
    let earliest = Journey.earliestStart.timeIntervalSinceReferenceDate
    let limit = Journey.endLimit.timeIntervalSinceReferenceDate
    // Whole seconds, milliseconds, or any Double in range; the edges of the calendar now and then.
    var start: TimeInterval = switch Int.random(in: 0..<4, using: &generator) {
    case 0: TimeInterval(Int64.random(in: Int64(earliest)..<Int64(limit), using: &generator))
    case 1: TimeInterval(Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &generator)) / 1000
    case 2: earliest
    default: .random(in: earliest..<limit, using: &generator)
    }
    start = min(start, limit - 1)
    let room = limit - start
    var duration: TimeInterval = switch Int.random(in: 0..<4, using: &generator) {
    case 0: 0
    case 1: TimeInterval(Int.random(in: 0...1_000_000, using: &generator))
    case 2: .random(in: 0..<min(room, 1e6), using: &generator)
    default: .random(in: 0..<room, using: &generator)
    }
    while !Journey.liesWithinCalendar(start: Date(timeIntervalSinceReferenceDate: start), duration: duration) {
      duration = duration.nextDown
    }
    return Journey(
      name: String(name), transportationType: TransportationType.allCases.randomElement(using: &generator)!,
      startDate: Date(timeIntervalSinceReferenceDate: start), duration: duration)
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func anyJourneyExportWritesImportReadsBackIdentical(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let journeys = (0..<250).map { _ in Self.randomJourney(using: &generator) }
    for format in InterchangeFormat.allCases {
      Self.expectIdentical(try Self.roundTrip(journeys, format), journeys, "seed \(seed), \(format)")
    }
  }

  /// Through the built binary and a real database: every naughty string imported, exported in
  /// each format and imported again is the same bytes in SQLite.
  @Test func everyNaughtyStringIsStoredAndExportedByteForByte() async throws {
    let sandbox = try CLISandbox()
    let journeys = try Self.naughtyStrings().map { Journey(name: $0, startDate: Fixtures.morning) }
    var text = ""
    var writer = JourneyWriter(format: .ndjson) { text += $0 }
    for journey in journeys { try writer.write(journey) }
    try writer.finish()
    let path = sandbox.folder.file("blns.ndjson")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try await sandbox.runBounded(["import", path]).expectSuccess()
    let query = "SELECT id || ' ' || hex(name) FROM journey ORDER BY id"
    let expected = journeys.map { "\($0.id.lowercasedText) \(Array($0.name.utf8).map { String(format: "%02X", $0) }.joined())" }
      .sorted()
    #expect(try FidelityCommandTests.sqlite(sandbox.databasePath, query, sandbox).split(separator: "\n").map(String.init) == expected)
    // TSV reads back in-process above; `import --format tsv` is the command's to accept.
    for format in ["csv", "json", "ndjson"] {
      let output = sandbox.folder.file("out.\(format)")
      try await sandbox.runBounded(["export", "--format", format, "--output", output])
        .expectSuccess()
      let copy = sandbox.folder.file("\(format).sqlite")
      let imported = try await sandbox.runBounded(["import", output, "--format", format, "--db", copy])
      imported.expectSuccess("\(format)")
      #expect(try FidelityCommandTests.sqlite(copy, query, sandbox).split(separator: "\n").map(String.init) == expected, "\(format)")
    }
  }
}
