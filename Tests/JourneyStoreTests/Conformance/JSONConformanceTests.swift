import Foundation
import Testing
@testable import JourneyStore

/// JSONTestSuite (`jts/test_parsing`): `y_` files must be read as JSON, `n_` files refused, and
/// `i_` files either way, as listed here.
@Suite("Conformance: JSONTestSuite")
struct JSONConformanceTests {
  /// The `i_` cases the scanner accepts: numbers too large or too small for a `Double` (read as
  /// their text, as JSON allows; a duration's parser then judges the value), and 500 nested arrays
  /// (read without recursion). Every other `i_` case is refused: invalid UTF-8 and lone surrogate
  /// escapes, as what roadtrip stores is valid Unicode, and a byte-order mark, which the scanner
  /// does not take for whitespace (the journey reader skips one at the start of its input).
  static let acceptedImplementationDefined: Set<String> = [
    "i_number_double_huge_neg_exp.json", "i_number_huge_exp.json", "i_number_neg_int_huge_exp.json",
    "i_number_pos_double_huge_exp.json", "i_number_real_neg_overflow.json", "i_number_real_pos_overflow.json",
    "i_number_real_underflow.json", "i_number_too_big_neg_int.json", "i_number_too_big_pos_int.json",
    "i_number_very_big_negative_int.json", "i_structure_500_nested_arrays.json",
  ]

  /// Whether the scanner reads the bytes as one JSON text.
  static func isJSON(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer, at: 0, isFinal: true)
      do {
        try scanner.document()
        return true
      } catch {
        #expect(error as? JSONScanner.Failure != .incomplete, "a final input is never incomplete")
        return false
      }
    }
  }

  @Test func everyCaseIsReadAsTheSuiteSays() throws {
    let files = try ConformanceCorpus.files(in: "jts/test_parsing", extension: "json")
    #expect(files.count > 300)
    var acceptedImplementationDefined: Set<String> = []
    for (name, bytes) in files {
      let accepted = Self.isJSON(bytes)
      switch name.first {
      case "y": #expect(accepted, "\(name) is JSON")
      case "n": #expect(!accepted, "\(name) is not JSON")
      default: if accepted { acceptedImplementationDefined.insert(name) }
      }
    }
    #expect(acceptedImplementationDefined == Self.acceptedImplementationDefined)
  }

  /// The journey readers meet every case as a whole input: nothing that is not JSON is read as
  /// journeys, and nothing crashes.
  @Test(arguments: [InterchangeFormat.json, .ndjson])
  func theJourneyReadersRefuseWhatIsNotJSON(format: InterchangeFormat) throws {
    for (name, bytes) in try ConformanceCorpus.files(in: "jts/test_parsing", extension: "json") {
      let reader = JourneyReader(bytes: bytes, format: format)
      var outcome: Result<Int, InterchangeError> = .success(0)
      do {
        var count = 0
        while try reader.next() != nil { count += 1 }
        outcome = .success(count)
      } catch {
        outcome = .failure(error)
      }
      // An NDJSON stream of no lines (empty, blank, a byte-order mark alone) holds no journeys.
      if name.hasPrefix("n_"), case .success(let count) = outcome, format == .json || count > 0 {
        Issue.record("\(name) read as \(count) journeys in \(format)")
      }
    }
  }

  /// Strings of the suite's valid cases, as journey names: each reads back as the same text.
  @Test func everyValidStringIsAName() throws {
    var names = 0
    for (name, bytes) in try ConformanceCorpus.files(in: "jts/test_parsing", extension: "json")
    where name.hasPrefix("y_string") {
      // Each is an array of one string, `["…"]`, or a string alone; the string is the name.
      let literal: [UInt8]
      let expected: String
      if let open = bytes.firstIndex(of: UInt8(ascii: "[")), let close = bytes.lastIndex(of: UInt8(ascii: "]")) {
        literal = Array(bytes[(open + 1)..<close])
        expected = try #require(try JSONDecoder().decode([String].self, from: Data(bytes)).first, "\(name)")
      } else {
        literal = bytes
        expected = try JSONDecoder().decode(String.self, from: Data(bytes))
      }
      let record = Array("{\"name\":".utf8) + literal
        + Array(",\"transportationType\":\"car\",\"startDate\":\"2026-11-21\",\"duration\":1}\n".utf8)
      let journey = try #require(try JourneyReader(bytes: record, format: .ndjson).next(), "\(name)")
      #expect(journey.values[.name] == .text(expected), "\(name)")
      names += 1
    }
    #expect(names == 43)
  }
}
