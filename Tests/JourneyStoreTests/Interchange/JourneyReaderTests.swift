import Foundation
import Testing
@testable import JourneyStore

@Suite("Reading journeys for import")
struct JourneyReaderTests {
  static let first = "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001"
  static let second = "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0002"

  /// Reads everything from in-memory text, and again from a file a few bytes at a time, which puts
  /// every record across buffer boundaries; both must agree.
  static func read(_ text: String, _ format: InterchangeFormat) throws -> [ImportedJourney] {
    let whole = try readAll(JourneyReader(text: text, format: format))
    let folder = try TemporaryFolder()
    let path = folder.file("input")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    for chunkSize in [1, 3, 7, 64] {
      lseek(descriptor, 0, SEEK_SET)
      let chunked = try readAll(JourneyReader(descriptor: descriptor, format: format, chunkSize: chunkSize))
      #expect(chunked.map(\.values) == whole.map(\.values), "chunk size \(chunkSize)")
      #expect(chunked.map(\.line) == whole.map(\.line), "chunk size \(chunkSize)")
    }
    return whole
  }

  private static func readAll(_ reader: JourneyReader) throws -> [ImportedJourney] {
    var journeys: [ImportedJourney] = []
    while let journey = try reader.next() { journeys.append(journey) }
    return journeys
  }

  static func failure(_ text: String, _ format: InterchangeFormat) -> InterchangeError? {
    do {
      _ = try readAll(JourneyReader(text: text, format: format))
      return nil
    } catch {
      return error as? InterchangeError
    }
  }

  @Test func readsNDJSONWithEscapesBlankLinesAndCRLF() throws {
    let text = """
      {"id":"\(Self.first)","name":"Caf\\u00e9 \\ud83d\\ude8c \\"tour\\"\\n","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":5400,"endDate":"2026-11-21T09:30:00Z"}\r

        {"name": "No id, lenient values", "transportationType": "Shared Ride", "startDate": "2026-11-21T08:00:00.25+01:00", "duration": "1h30m"}

      """
    let journeys = try Self.read(text, .ndjson)
    #expect(journeys.count == 2)
    #expect(journeys.map(\.line) == [1, 3])
    #expect(journeys[0].id == UUID(uuidString: Self.first))
    #expect(journeys[0].values == [
      .text("Café 🚌 \"tour\"\n"), .text("bus"), .real(Fixtures.morning.timeIntervalSinceReferenceDate), .real(5400),
    ])
    #expect(journeys[1].id == nil)
    #expect(journeys[1].values == [
      .text("No id, lenient values"), .text("hired-car"),
      .real(Fixtures.morning.timeIntervalSinceReferenceDate - 3600 + 0.25), .real(5400),
    ])
  }

  @Test func readsAJSONArrayAcrossLines() throws {
    let text = """
      [
        {"id": "\(Self.first)", "name": "One", "transportationType": "car", "startDate": "2026-11-21", "duration": 60},
        {"id": "\(Self.second)", "name": "Two",
         "transportationType": "bike", "startDate": "2026-11-21T08:00:00Z", "duration": 0}
      ]

      """
    let journeys = try Self.read(text, .json)
    #expect(journeys.map(\.id) == [UUID(uuidString: Self.first), UUID(uuidString: Self.second)])
    #expect(journeys.map(\.line) == [2, 3])
    #expect(try Self.read("[]", .json).isEmpty)
    #expect(try Self.read(" [ ] \n", .json).isEmpty)
  }

  @Test func readsCSVWithQuotedCommasQuotesAndNewlines() throws {
    let text = "id,name,transportationType,startDate,duration,endDate\r\n"
      + "\(Self.first),\"Coast, \"\"scenic\"\"\nroute\",bike,2026-11-21T08:00:00Z,5400,2026-11-21T09:30:00Z\r\n"
      + ",Plain,light-rail,2026-11-21T08:00:00Z,60,\r\n"
    let journeys = try Self.read(text, .csv)
    #expect(journeys.map(\.line) == [2, 4])
    #expect(journeys[0].values[.name] == .text("Coast, \"scenic\"\nroute"))
    #expect(journeys[1].id == nil)
    #expect(journeys[1].values[.transportationType] == .text("light-rail"))
    // Columns may come in any order, and name may be left out.
    let reordered = try Self.read("duration,startDate,transportationType\n60,2026-11-21T08:00:00Z,car\n", .csv)
    #expect(reordered.first?.values == [.text(""), .text("car"), .real(Fixtures.morning.timeIntervalSinceReferenceDate), .real(60)])
    #expect(try Self.read("", .csv).isEmpty)
    #expect(try Self.read("", .ndjson).isEmpty)
  }

  @Test(arguments: [
    (InterchangeFormat.ndjson, "{\"name\":\"a\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":1}\n{\"name\":\"b\",\"transportationType\":\"plane\",\"startDate\":\"2026-11-21\",\"duration\":1}\n", 2, "transportationType: 'plane' is not a transportation type"),
    (.ndjson, "\n\n{\"name\":\"a\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":-5}\n", 3, "duration: '-5' is negative"),
    (.ndjson, "{\"name\":\"a\",\"transport\":\"car\"}\n", 1, "'transport' is not a journey key (did you mean 'transportationType'?)"),
    (.ndjson, "{\"name\":\"a\",\"name\":\"b\"}", 1, "the key 'name' appears twice"),
    (.ndjson, "{\"name\":{\"nested\":[[[[[[[[1]]]]]]]]}}", 1, "the value of 'name' must be a string or a number"),
    (.ndjson, "{\"name\":true,\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":1}", 1, "the value of 'name' must be a string or a number"),
    (.ndjson, "{\"name\":\"a\",\"transportationType\":\"car\",\"duration\":1}", 1, "the journey has no 'startDate'"),
    (.ndjson, "{\"name\":\"a\"} {\"name\":\"b\"}", 1, "a line must hold one JSON object and nothing else"),
    (.ndjson, "{\"name\":\"a\",", 1, "the input ends inside a record"),
    (.ndjson, "[1, 2]", 1, "expected a JSON object"),
    (.ndjson, "{\"name\":\"a\\x\"}", 1, "'\\x' is not a JSON escape"),
    (.ndjson, "{\"name\":\"\\ud83d\"}", 1, "half of a surrogate pair"),
    (.ndjson, "{\"id\":\"not-a-uuid\"}", 1, "'not-a-uuid' is not a journey id"),
    (.ndjson, "{\"name\":\"a\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21T08:00:00Z\",\"duration\":60,\"endDate\":\"2026-11-21T10:00:00Z\"}", 1, "endDate 2026-11-21T10:00:00Z is not startDate + duration (2026-11-21T08:01:00Z)"),
    (.ndjson, "{\"duration\":01}", 1, "a number cannot start with 0"),
    (.json, "{\"name\":\"a\"}", 1, "expected a JSON array of journeys"),
    (.json, "[{\"name\":\"a\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":1}\n{}]", 2, "expected ',' or ']' after a journey"),
    (.json, "[]\n[]", 2, "nothing may follow the JSON array"),
    (.json, "[{\"name\":\"a\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":1},", 1, "the input ends inside a record"),
    (.csv, "name,transportationType,startDate,duration\na,car,2026-11-21,1\nb,car,2026-11-21\n", 3, "3 fields where the header has 4"),
    (.csv, "name,kind\n", 1, "'kind' is not a journey key"),
    (.csv, "name,transportationType,startDate,duration\n\"unclosed,car,2026-11-21,1\n", 2, "a quoted field is not closed"),
    (.csv, "name,transportationType,startDate,duration\nsay \"hi\",car,2026-11-21,1\n", 2, "must be in double quotes"),
  ])
  func malformedInputNamesItsLine(format: InterchangeFormat, text: String, line: Int, reason: String) throws {
    let error = try #require(Self.failure(text, format))
    guard case .malformed(let errorLine, let errorReason) = error else {
      Issue.record("expected .malformed, got \(error)")
      return
    }
    #expect(errorLine == line)
    #expect(errorReason.contains(reason), "\(errorReason)")
  }

  @Test func invalidUTF8IsRefused() throws {
    var bytes = Array("{\"name\":\"".utf8)
    bytes += [0xC3, 0x28]
    bytes += Array("\",\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":1}\n".utf8)
    let folder = try TemporaryFolder()
    let path = folder.file("bad-utf8.ndjson")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    #expect(throws: InterchangeError.malformed(line: 1, reason: "a string is not valid UTF-8")) {
      _ = try JourneyReader(descriptor: descriptor, format: .ndjson).next()
    }
  }

  @Test func isoDatesReadBackExactly() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let date = Date(timeIntervalSinceReferenceDate: .random(in: -6.3e10...2.5e11, using: &generator))
      #expect(Date(iso8601: date.iso8601) == date, "\(date.timeIntervalSinceReferenceDate) -> \(date.iso8601)")
    }
    for interval in [0.1 + 0.2, 1e-3, 785_404_800.25, -0.5, 0.000_123_456_789] {
      let date = Date(timeIntervalSinceReferenceDate: interval)
      #expect(Date(iso8601: date.iso8601) == date, "\(interval) -> \(date.iso8601)")
    }
    #expect(Date(timeIntervalSinceReferenceDate: 785_404_800.25).iso8601 == "2025-11-21T08:00:00.25Z")
  }
}
