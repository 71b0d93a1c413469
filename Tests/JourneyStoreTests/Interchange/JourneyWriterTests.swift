import Foundation
import Testing
@testable import JourneyStore

@Suite("Writing records and journeys")
struct JourneyWriterTests {
  private func written(_ format: InterchangeFormat, includesHeader: Bool = true, _ records: [[InterchangeValue]]) throws
    -> String
  {
    var text = ""
    var writer = RecordWriter(format: format, keys: ["a", "b"], includesHeader: includesHeader) { text += $0 }
    for record in records { try writer.write(record) }
    try writer.finish()
    #expect(writer.recordCount == records.count)
    return text
  }

  @Test func jsonIsAnArrayAndEmptyWhenThereAreNoRecords() throws {
    #expect(try written(.json, []) == "[]\n")
    #expect(try written(.json, [[.string("x"), .number("1")], [.string("y"), .number("2.5")]]) == """
      [
        {"a":"x","b":1},
        {"a":"y","b":2.5}
      ]

      """)
  }

  @Test func ndjsonIsOneObjectALine() throws {
    #expect(try written(.ndjson, []) == "")
    #expect(try written(.ndjson, [[.string("x"), .number("1")], [.string(""), .number("0")]])
      == "{\"a\":\"x\",\"b\":1}\n{\"a\":\"\",\"b\":0}\n")
  }

  @Test func jsonEscapesQuotesBackslashesAndControlCharactersOnly() throws {
    let text = try written(.ndjson, [[.string("\"q\" \\ \n\r\t\u{08}\u{0C}\u{01}\u{1F} é 🚲"), .string("")]])
    #expect(text == #"{"a":"\"q\" \\ \n\r\t\b\f\u0001\u001f é 🚲","b":""}"# + "\n")
    let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
    #expect(decoded?["a"] == "\"q\" \\ \n\r\t\u{08}\u{0C}\u{01}\u{1F} é 🚲")
  }

  @Test(arguments: [
    ("0", true), ("5400", true), ("-2", true), ("600.5", true), ("1e-05", true), ("1e+20", true), ("2E3", true),
    ("", false), ("01", false), ("1.", false), (".5", false), ("inf", false), ("nan", false), ("1e", false),
    ("0x10", false), ("+1", false),
  ])
  func numbersAreWrittenBareOnlyWhenJSONAllowsThem(_ text: String, isNumber: Bool) throws {
    #expect(InterchangeText.isJSONNumber(Array(text.utf8)[...]) == isNumber)
    let line = try written(.ndjson, [[.number(text), .string("")]])
    #expect(line.hasPrefix(isNumber ? "{\"a\":\(text)," : "{\"a\":\"\(text)\","))
  }

  @Test func csvQuotesAsRFC4180AndEndsLinesWithCRLF() throws {
    #expect(try written(.csv, []) == "a,b\r\n")
    #expect(try written(.csv, includesHeader: false, []) == "")
    let text = try written(.csv, [[.string("plain"), .string("comma, \"quote\"\nline")], [.string(""), .number("1")]])
    #expect(text == "a,b\r\nplain,\"comma, \"\"quote\"\"\nline\"\r\n,1\r\n")
  }

  @Test func tsvEscapesWhatWouldBreakALine() throws {
    #expect(try written(.tsv, [[.string("tab\there"), .string("new\nline\r \\ end")]])
      == "a\tb\ntab\\there\tnew\\nline\\r \\\\ end\n")
    #expect(try written(.tsv, includesHeader: false, [[.string("x"), .number("1")]]) == "x\t1\n")
  }

  @Test func aJourneyRecordHasTheContractsKeysAndCanonicalValues() {
    let journey = Journey(
      id: UUID(uuidString: "AAAA1111-0000-4000-8000-000000000001")!, name: "Coast", transportationType: .hiredCar,
      startDate: Date(timeIntervalSince1970: 1_795_248_000), duration: 5400.25)
    let record = JourneyRecord(journey)
    #expect(JourneyRecord.keys == ["id", "name", "transportationType", "startDate", "duration", "endDate"])
    #expect(record.values == [
      .string("aaaa1111-0000-4000-8000-000000000001"), .string("Coast"), .string("hired-car"),
      .string("2026-11-21T08:00:00Z"), .number("5400.25"), .string("2026-11-21T09:30:00.25Z"),
    ])
    #expect(record["duration"] == .number("5400.25"))
    #expect(record["nope"] == nil)
  }

  @Test func aJourneyWriterStreamsInBoundedChunks() throws {
    var pieces: [String] = []
    var writer = JourneyWriter(format: .ndjson) { pieces.append($0) }
    for index in 0..<3_000 { try writer.write(Journey(name: "Journey \(index)")) }
    // Most of the output went out before the writer finished, in pieces of about 64 KiB.
    #expect(pieces.count >= 5)
    #expect(pieces.allSatisfy { $0.utf8.count < RecordWriter.chunkSize + 1_024 })
    try writer.finish()
    #expect(writer.journeyCount == 3_000)
    let lines = pieces.joined().split(separator: "\n")
    #expect(lines.count == 3_000)
    #expect(lines.last?.contains(#""name":"Journey 2999""#) == true)
  }

  @Test func anOutputFailureStopsTheWriter() {
    struct Full: Error {}
    var writer = JourneyWriter(format: .csv) { _ in throw Full() }
    #expect(throws: Full.self) {
      try writer.write(Journey())
      try writer.finish()
    }
  }
}
