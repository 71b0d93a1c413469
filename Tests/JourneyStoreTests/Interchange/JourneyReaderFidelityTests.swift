import Foundation
import Testing
@testable import JourneyStore

/// What the readers must keep whatever the input: multi-byte characters across read chunks, a
/// byte-order mark, the line of an error, a bounded record, TSV without a header, the calendar's
/// bounds.
@Suite("Reading journeys: fidelity")
struct JourneyReaderFidelityTests {
  static let header = "id,name,transportationType,startDate,duration,endDate"

  /// Journeys with names of one- to four-byte characters, in a format, as export writes them.
  static func exported(_ format: InterchangeFormat, count: Int, includesHeader: Bool = true) throws -> String {
    var text = ""
    var writer = JourneyWriter(format: format, includesHeader: includesHeader) { text += $0 }
    for index in 0..<count {
      try writer.write(Journey(
        name: "ñ€🚲 é\u{301} \(index)", transportationType: .bike,
        startDate: Date(timeIntervalSinceReferenceDate: 815_000_000 + Double(index)), duration: 60.5))
    }
    try writer.finish()
    return text
  }

  @Test(arguments: InterchangeFormat.allCases)
  func multiByteCharactersMayStraddleEveryChunkBoundary(format: InterchangeFormat) throws {
    // The reader of the existing tests reads the file 1, 3, 7 and 64 bytes at a time too.
    let journeys = try JourneyReaderTests.read(Self.exported(format, count: 20), format)
    #expect(journeys.count == 20)
    #expect(journeys.last?.values[.name] == .text("ñ€🚲 é\u{301} 19"))
  }

  @Test(arguments: InterchangeFormat.allCases)
  func aByteOrderMarkAtTheStartIsSkipped(format: InterchangeFormat) throws {
    let text = try Self.exported(format, count: 2)
    let journeys = try JourneyReaderTests.read("\u{FEFF}" + text, format)
    #expect(journeys.map(\.values) == (try JourneyReaderTests.read(text, format)).map(\.values))
    // Only at the start: elsewhere it is a character like any other, and no key starts with it.
    if format == .csv {
      #expect(JourneyReaderTests.failure("\n\u{FEFF}name\n", .csv) != nil)
    }
  }

  @Test func anUnterminatedStringIsReportedOnItsOwnLine() throws {
    var lines = (1...5000).map {
      "{\"name\":\"\($0)\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":1}"
    }
    lines[2999] = "{\"name\":\"broken"
    let text = lines.joined(separator: "\n") + "\n"
    #expect(JourneyReaderTests.failure(text, .ndjson) == .malformed(line: 3000, reason: "the line ends inside a string"))
    // Through a file read in small chunks, too.
    #expect(Self.failureReadingInChunks(text, .ndjson, chunkSize: 5) == .malformed(line: 3000, reason: "the line ends inside a string"))
  }

  @Test func aRecordSplitOverLinesIsReportedWhereTheLineEnds() {
    let text = "{\"name\":\"a\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":1}\n{\"name\":\"b\",\n\"duration\":1}\n"
    let failure = JourneyReaderTests.failure(text, .ndjson)
    #expect(failure == .malformed(line: 2, reason: "the line ends inside a record; in NDJSON each record is one line"))
    // A JSON array may spread a record over lines; a string may not hold a raw newline there either.
    #expect(JourneyReaderTests.failure("[\n{\"name\":\"a\n\"}]", .json) == .malformed(line: 2, reason: "the line ends inside a string"))
  }

  static func failureReadingInChunks(
    _ text: String, _ format: InterchangeFormat, chunkSize: Int, maximumRecordSize: Int = JourneyReader.defaultMaximumRecordSize
  ) -> InterchangeError? {
    do {
      let folder = try TemporaryFolder()
      let path = folder.file("input")
      #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
      let descriptor = open(path, O_RDONLY)
      defer { close(descriptor) }
      let reader = JourneyReader(descriptor: descriptor, format: format, chunkSize: chunkSize, maximumRecordSize: maximumRecordSize)
      while try reader.next() != nil {}
      return nil
    } catch {
      return error as? InterchangeError
    }
  }

  @Test(arguments: [InterchangeFormat.ndjson, .json, .csv, .tsv])
  func aRecordPastTheLimitIsRefusedWithItsLine(format: InterchangeFormat) throws {
    let long = String(repeating: "x", count: 5000)
    var text = try Self.exported(format, count: 3)
    text = text.replacingOccurrences(of: "ñ€🚲 é\u{301} 1", with: long)
    let failure = Self.failureReadingInChunks(text, format, chunkSize: 64, maximumRecordSize: 4096)
    let line = format == .ndjson ? 2 : 3
    #expect(failure == .malformed(line: line, reason: "a record is longer than 4096 bytes; a journey takes far less"))
    // A record within the limit is read, however small the chunks.
    #expect(Self.failureReadingInChunks(text, format, chunkSize: 64, maximumRecordSize: 8192) == nil)
  }

  /// The first record too: not the header's line, nor the array's bracket.
  @Test(arguments: [InterchangeFormat.ndjson, .json, .csv, .tsv])
  func aFirstRecordPastTheLimitIsRefusedWithItsLine(format: InterchangeFormat) throws {
    let text = try Self.exported(format, count: 3)
      .replacingOccurrences(of: "ñ€🚲 é\u{301} 0", with: String(repeating: "x", count: 5000))
    let failure = Self.failureReadingInChunks(text, format, chunkSize: 64, maximumRecordSize: 4096)
    let line = format == .ndjson ? 1 : 2
    #expect(failure == .malformed(line: line, reason: "a record is longer than 4096 bytes; a journey takes far less"))
  }

  @Test func csvHeadersTakeAnyCaseAndTheAliasesSetTakes() throws {
    let text = "NAME,Transport,START,Duration,ENDDATE,Id\r\nCoast,Bike,2026-11-21T08:00:00Z,1h,2026-11-21T09:00:00Z,"
      + "\(JourneyReaderTests.first)\r\n"
    let journeys = try JourneyReaderTests.read(text, .csv)
    #expect(journeys.first?.id == UUID(uuidString: JourneyReaderTests.first))
    #expect(journeys.first?.values == [.text("Coast"), .text("bike"), .real(Fixtures.morning.timeIntervalSinceReferenceDate), .real(3600)])
    #expect(try JourneyReaderTests.read("type,start,duration\ncar,2026-11-21,1\n", .csv).count == 1)
    #expect(JourneyReaderTests.failure("name,transport,TransportationType\n", .csv)
      == .malformed(line: 1, reason: "the column 'TransportationType' appears twice"))
    let unknown = JourneyReaderTests.failure("name,strat\n", .csv)
    #expect(unknown?.description.contains("'strat' is not a journey key (did you mean 'start'?)") == true, "\(String(describing: unknown))")
    // JSON keys stay exact, as jq has them.
    #expect(JourneyReaderTests.failure("{\"Name\":\"a\"}\n", .ndjson) != nil)
  }

  @Test func tsvIsReadWithOrWithoutAHeader() throws {
    let withHeader = try Self.exported(.tsv, count: 3)
    let withoutHeader = try Self.exported(.tsv, count: 3, includesHeader: false)
    let fromHeader = try JourneyReaderTests.read(withHeader, .tsv)
    let fromList = try JourneyReaderTests.read(withoutHeader, .tsv)
    #expect(fromHeader.count == 3)
    #expect(fromList.map(\.values) == fromHeader.map(\.values))
    #expect(fromList.map(\.line) == [1, 2, 3])
    #expect(fromHeader.map(\.line) == [2, 3, 4])
    // Escapes: what the writer writes for a tab, newline, carriage return and backslash.
    let escaped = try JourneyReaderTests.read("name\ttransport\tstart\tduration\na\\tb\\nc\\rd\\\\e\tcar\t2026-11-21\t1\n", .tsv)
    #expect(escaped.first?.values[.name] == .text("a\tb\nc\rd\\e"))
    #expect(JourneyReaderTests.failure("name\ttransport\tstart\tduration\na\\xb\tcar\t2026-11-21\t1\n", .tsv)
      == .malformed(line: 2, reason: "a backslash in a TSV field must start \\\\, \\t, \\n or \\r"))
    // A header-less line has the six columns list writes.
    let short = "\(JourneyReaderTests.first)\tname\tcar\n"
    #expect(JourneyReaderTests.failure(short, .tsv) == .malformed(line: 1, reason: "3 fields where the columns are 6"))
  }

  @Test func anEndPastTheYear9999IsRefusedWithItsLine() throws {
    let good = "{\"name\":\"a\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":1}"
    for duration in ["\"1e15\"", "1e308", "\"99999999999999999999999999h\"", "315569520000"] {
      let text = good + "\n" + good.replacingOccurrences(of: "\"duration\":1", with: "\"duration\":\(duration)") + "\n"
      let failure = try #require(JourneyReaderTests.failure(text, .ndjson))
      #expect(failure.description.hasPrefix("line 2: duration: "), "\(failure)")
      #expect(failure.description.contains("is too long"), "\(failure)")
    }
    // The bound depends on the start: a day is too long from the last day of 9999.
    let late = "{\"name\":\"a\",\"transportationType\":\"car\",\"startDate\":\"9999-12-31T00:00:00Z\",\"duration\":\"1d\"}\n"
    #expect(JourneyReaderTests.failure(late, .ndjson)?.description.contains("it starts at 9999-12-31T00:00:00Z") == true)
    let lastSecond = late.replacingOccurrences(of: "\"1d\"", with: "86399.999")
    #expect(try JourneyReaderTests.read(lastSecond, .ndjson).count == 1)
    // A start before the year 0000 (an offset east of UTC on its first day) is refused by name.
    let early = "{\"name\":\"a\",\"transportationType\":\"car\",\"startDate\":\"0000-01-01T00:00:00+01:00\",\"duration\":1}\n"
    let refused = try #require(JourneyReaderTests.failure(early, .ndjson))
    #expect(refused.description.hasPrefix(
      "line 1: startDate: '0000-01-01T00:00:00+01:00' lies outside the years 0000 to 9999"), "\(refused)")
  }

  @Test func theCalendarBoundsAreTheSchemas() {
    #expect(Journey.earliestStart.iso8601 == "0000-01-01T00:00:00Z")
    #expect(Journey.endLimit.iso8601 == "+10000-01-01T00:00:00Z")
    #expect(Journey.endLimit.addingTimeInterval(-1).iso8601 == "9999-12-31T23:59:59Z")
    #expect(Journey.liesWithinCalendar(start: Journey.earliestStart, duration: Journey.longestDuration.nextDown))
    #expect(!Journey.liesWithinCalendar(start: Journey.earliestStart, duration: Journey.longestDuration))
    #expect(!Journey.liesWithinCalendar(start: Journey.endLimit.addingTimeInterval(-1), duration: 1))
    #expect(!Journey.liesWithinCalendar(start: Journey.earliestStart, duration: .nan))
    #expect(!Journey.liesWithinCalendar(start: Date(timeIntervalSinceReferenceDate: .nan), duration: 0))
  }
}
