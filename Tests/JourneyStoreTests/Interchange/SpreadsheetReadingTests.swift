import Foundation
import Testing
@testable import JourneyStore

/// What a spreadsheet's CSV brings to the journey reader: another separator, extra columns, an
/// end instead of a duration, and no format named at all.
@Suite("Reading a spreadsheet's CSV")
struct SpreadsheetReadingTests {
  /// Every journey of a whole input, read in memory and again a few bytes at a time from a file
  /// (so that the header and each record straddle the buffer's ends); both must agree.
  static func read(
    _ text: String, _ format: InterchangeFormat?, _ options: JourneyReader.Options = .init()
  ) throws -> (journeys: [ImportedJourney], reader: JourneyReader) {
    let reader = JourneyReader(text: text, format: format, options: options)
    let whole = try readAll(reader)
    let folder = try TemporaryFolder()
    let path = folder.file("input")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    for chunkSize in [1, 5, 64] {
      lseek(descriptor, 0, SEEK_SET)
      let chunked = JourneyReader(descriptor: descriptor, format: format, options: options, chunkSize: chunkSize)
      #expect(try readAll(chunked).map(\.values) == whole.map(\.values), "chunk size \(chunkSize)")
      #expect(chunked.format == reader.format && chunked.delimiter == reader.delimiter, "chunk size \(chunkSize)")
    }
    return (whole, reader)
  }

  private static func readAll(_ reader: JourneyReader) throws -> [ImportedJourney] {
    var journeys: [ImportedJourney] = []
    while let journey = try reader.next() { journeys.append(journey) }
    return journeys
  }

  static func failure(_ text: String, _ format: InterchangeFormat?, _ options: JourneyReader.Options = .init()) -> InterchangeError? {
    let reader = JourneyReader(text: text, format: format, options: options)
    do {
      _ = try readAll(reader)
      return nil
    } catch {
      return error as? InterchangeError
    }
  }

  static let start = try! DateExpression.date("2026-11-21T08:00:00Z").timeIntervalSinceReferenceDate

  @Test(arguments: [
    ("name;transport;start;duration\r\n\"Coast; \"\"road\"\"\";car;2026-11-21T08:00:00Z;1h30m\r\n", ";"),
    ("name|transport|start|duration\n\"Coast; \"\"road\"\"\"|car|2026-11-21T08:00:00Z|1h30m\n", "|"),
    ("name\ttransport\tstart\tduration\n\"Coast; \"\"road\"\"\"\tcar\t2026-11-21T08:00:00Z\t1h30m\n", "\t"),
    // Five semicolons inside quotes, four commas outside.
    ("name,\"a;b;c;d;e;f\",transport,start,duration\n\"Coast; \"\"road\"\"\",x,car,2026-11-21T08:00:00Z,1h30m\n", ","),
  ] as [(String, Unicode.Scalar)])
  func theSeparatorIsTheOneTheHeaderHasMostOfOutsideQuotes(text: String, separator: Unicode.Scalar) throws {
    let (journeys, reader) = try Self.read(text, .csv, .init(refusesUnknownColumns: false))
    #expect(reader.delimiter == separator)
    #expect(reader.isDelimiterFromHeader)
    #expect(journeys.map(\.values) == [[.text("Coast; \"road\""), .text("car"), .real(Self.start), .real(5400)]])
  }

  @Test func aGivenDelimiterWinsOverTheHeader() throws {
    // As many commas as semicolons in the header: a comma, unless told.
    let text = "notes,x,y,z,w;name;transport;start;duration\nA, b;Coast;car;2026-11-21T08:00:00Z;60\n"
    #expect(Self.failure(text, .csv, .init(refusesUnknownColumns: false)) != nil)
    let (journeys, reader) = try Self.read(text, .csv, .init(delimiter: ";", refusesUnknownColumns: false))
    #expect(journeys.map(\.values) == [[.text("Coast"), .text("car"), .real(Self.start), .real(60)]])
    #expect(reader.delimiter == ";" && !reader.isDelimiterFromHeader)
    #expect(reader.ignoredColumns == ["notes,x,y,z,w"])
  }

  @Test func anUnknownColumnIsIgnoredOrRefusedAsTold() throws {
    let text = "name,notes,transport,start,duration,Colour\nA,\"x, y\",car,2026-11-21T08:00:00Z,60,red\n"
    let (journeys, reader) = try Self.read(text, .csv, .init(refusesUnknownColumns: false))
    #expect(journeys.map(\.values) == [[.text("A"), .text("car"), .real(Self.start), .real(60)]])
    #expect(reader.ignoredColumns == ["notes", "Colour"])
    #expect(Self.failure(text, .csv)?.description == "line 1: 'notes' is not a journey key; the keys are: id, name, transportationType, startDate, duration, endDate, in any case")
  }

  @Test func aMisspeltKeyIsRefusedEvenWhenUnknownColumnsAreIgnored() {
    let text = "name,transprot,start,duration\nA,car,2026-11-21T08:00:00Z,60\n"
    let failure = Self.failure(text, .csv, .init(refusesUnknownColumns: false))
    #expect(failure?.description.hasPrefix("line 1: 'transprot' is not a journey key (did you mean 'transport'?)") == true, "\(String(describing: failure))")
  }

  @Test(arguments: ["end", "endDate", "END", "enddate"])
  func anEndWithoutADurationGivesTheDuration(column: String) throws {
    let text = "name,transport,start,\(column)\nA,car,2026-11-21T08:00:00Z,2026-11-21T09:30:00Z\nB,bus,2026-11-21T08:00:00Z,2026-11-21T08:00:00Z\n"
    let (journeys, _) = try Self.read(text, .csv)
    #expect(journeys.map { $0.values[.duration] } == [.real(5400), .real(0)])
  }

  @Test func anEndAndADurationMustAgreeAndAnEndBeforeTheStartIsRefused() {
    let disagreeing = "name,transport,start,duration,end\nA,car,2026-11-21T08:00:00Z,60,2026-11-21T08:01:00Z\nB,car,2026-11-21T08:00:00Z,60,2026-11-21T09:00:00Z\n"
    #expect(Self.failure(disagreeing, .csv) == .malformed(
      line: 3, reason: "endDate 2026-11-21T09:00:00Z is not startDate + duration (2026-11-21T08:01:00Z); correct it or leave it out"))
    let backwards = "name,transport,start,end\nA,car,2026-11-21T08:00:00Z,2026-11-21T09:00:00Z\n\nB,car,2026-11-21T10:00:00Z,2026-11-21T09:00:00Z\n"
    #expect(Self.failure(backwards, .csv) == .malformed(
      line: 4, reason: "endDate 2026-11-21T09:00:00Z lies before startDate 2026-11-21T10:00:00Z"))
    let neither = "name,transport,start\nA,car,2026-11-21T08:00:00Z\n"
    #expect(Self.failure(neither, .csv) == .malformed(line: 2, reason: "the journey has no 'duration' (nor an end to take it from)"))
  }

  @Test(arguments: [
    ("[{\"name\":\"A\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21T08:00:00Z\",\"duration\":60}]", InterchangeFormat.json),
    ("\n  {\"name\":\"A\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21T08:00:00Z\",\"duration\":60}\n", .ndjson),
    ("\u{FEFF}Name,Transport,Start,Duration\nA,car,2026-11-21T08:00:00Z,60\n", .csv),
    ("name;type;start;end\nA;car;2026-11-21T08:00:00Z;2026-11-21T08:01:00Z\n", .csv),
    ("name\ttransportationType\tstartDate\tduration\nA\tcar\t2026-11-21T08:00:00Z\t60\n", .tsv),
    ("0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001\tA\tcar\t2026-11-21T08:00:00Z\t60\t2026-11-21T08:01:00Z\n", .tsv),
  ])
  func withoutAFormatTheFirstBytesTellIt(text: String, format: InterchangeFormat) throws {
    let (journeys, reader) = try Self.read(text, nil)
    #expect(reader.format == format)
    #expect(journeys.map { $0.values } == [[.text("A"), .text("car"), .real(Self.start), .real(60)]])
  }

  @Test func aFirstLineThatNamesNoKeyIsReadAsNDJSONAndAGivenFormatWins() {
    #expect(InterchangeFormat.sniffed(from: Array("hello, world\n".utf8), isComplete: false) == .ndjson)
    #expect(InterchangeFormat.sniffed(from: Array("name,transport".utf8), isComplete: false) == nil)
    #expect(InterchangeFormat.sniffed(from: Array("name,transport".utf8), isComplete: true) == .csv)
    #expect(InterchangeFormat.sniffed(from: Array(" \n".utf8), isComplete: true) == .ndjson)
    #expect(Self.failure("hello\n", nil) == .malformed(line: 1, reason: "expected a JSON object"))
    #expect(Self.failure("name,transport,start,duration\nA,car,2026-11-21T08:00:00Z,60\n", .ndjson) != nil)
  }
}
