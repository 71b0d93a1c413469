import Foundation
import Testing
@testable import JourneyStore

/// csv-spectrum and csv-test-data: each valid `.csv` reads as the fields its `.json` lists, and
/// each `bad-` file is refused, by the scanner the journey reader uses.
@Suite("Conformance: CSV")
struct CSVConformanceTests {
  /// Every record of a whole input, as the CSV scanner reads them: an empty line is a record of
  /// one empty field here (the journey reader skips empty lines between journeys).
  static func records(_ bytes: [UInt8]) throws -> [[String]] {
    try bytes.withUnsafeBufferPointer { buffer in
      var scanner = CSVScanner(buffer, at: 0, isFinal: true)
      var records: [[String]] = []
      while !scanner.isAtEnd { records.append(try scanner.record()) }
      return records
    }
  }

  /// Records under a header, as objects; the journey reader's rule applies: every record has as
  /// many fields as the header.
  static func objects(_ records: [[String]]) throws -> [[String: String]] {
    guard let header = records.first else { return [] }
    return try records.dropFirst().map { record in
      guard record.count == header.count else { throw FieldCountMismatch(header: header, record: record) }
      return Dictionary(uniqueKeysWithValues: zip(header, record))
    }
  }

  struct FieldCountMismatch: Error {
    let header: [String]
    let record: [String]
  }

  /// csv-spectrum's one case that is not RFC 4180: `location_coordinates.csv` has double quotes
  /// inside a field that is not quoted (csv-test-data's `bad-unescaped-quote.csv` says to refuse
  /// that, and the scanner does), and its `.json` lists another phone number than the file has.
  static let refusedSpectrumCase = "location_coordinates.csv"

  @Test func csvSpectrum() throws {
    let files = try ConformanceCorpus.files(in: "csv-spectrum/csvs", extension: "csv")
    #expect(files.count >= 12)
    for (name, bytes) in files {
      if name == Self.refusedSpectrumCase {
        #expect(throws: JSONScanner.Failure.self, "\(name)") { try Self.records(bytes) }
        continue
      }
      let expectedBytes = try ConformanceCorpus.bytes("csv-spectrum/json/" + name.dropLast(4) + ".json")
      let expected = try JSONDecoder().decode([[String: String]].self, from: Data(expectedBytes))
      #expect(try Self.objects(Self.records(bytes)) == expected, "\(name)")
    }
  }

  @Test func csvTestData() throws {
    let files = try ConformanceCorpus.files(in: "csv-test-data/csv", extension: "csv")
    #expect(files.count >= 25)
    for (name, bytes) in files {
      let stem = String(name.dropLast(4))
      if stem.hasPrefix("bad-header-") {
        // Valid CSV whose header or field count is wrong against the expected foo,bar,baz.
        let records = try Self.records(bytes)
        #expect(records.first != ["foo", "bar", "baz"] || (try? Self.objects(records)) == nil, "\(name)")
      } else if stem.hasPrefix("bad-") {
        #expect(throws: JSONScanner.Failure.self, "\(name)") { try Self.records(bytes) }
      } else {
        let expectedBytes = try ConformanceCorpus.bytes("csv-test-data/json/\(stem).json")
        let records = try Self.records(bytes)
        if stem.hasPrefix("header-") {
          #expect(records.first == ["foo", "bar", "baz"], "\(name)")
          let expected = try JSONDecoder().decode([[String: String]].self, from: Data(expectedBytes))
          #expect(try Self.objects(records) == expected, "\(name)")
        } else {
          #expect(records == (try JSONDecoder().decode([[String]].self, from: Data(expectedBytes))), "\(name)")
        }
      }
    }
  }

  /// Every field of the spectrum is a journey name that CSV writes and reads back as it is,
  /// through the journey reader in chunks as small as a byte.
  @Test func everySpectrumFieldIsANameThatRoundTrips() throws {
    let header = "name,transportationType,startDate,duration"
    for (name, bytes) in try ConformanceCorpus.files(in: "csv-spectrum/csvs", extension: "csv")
    where name != Self.refusedSpectrumCase {
      let records = try Self.records(bytes)
      for field in records.dropFirst().flatMap({ $0 }) {
        var quoted: [UInt8] = []
        InterchangeText.appendCSVField(Array(field.utf8), to: &quoted)
        let text = header + "\r\n" + String(decoding: quoted, as: UTF8.self) + ",car,2026-11-21,1"
        let journeys = try JourneyReaderTests.read(text, .csv)
        #expect(journeys.first?.values[.name] == .text(field), "\(name): \(field)")
      }
    }
  }
}
