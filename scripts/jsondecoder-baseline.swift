// What Foundation's JSONDecoder costs to read roadtrip's NDJSON, for comparing with JourneyReader
// (BENCHMARKS.md, "Import"): it decodes each line into a struct of Strings and a Double, parsing
// only, without converting or checking any field as the import must.
//
// usage: swiftc -O -static-stdlib scripts/jsondecoder-baseline.swift -o /tmp/jsondecoder-baseline
//        /tmp/jsondecoder-baseline journeys.ndjson        (or under valgrind --tool=callgrind)
import Foundation

struct DecodedJourney: Decodable {
  var id: String
  var name: String
  var transportationType: String
  var startDate: String
  var duration: Double
  var endDate: String?
}

let data = FileManager.default.contents(atPath: CommandLine.arguments[1])!
let decoder = JSONDecoder()
var count = 0
let clock = ContinuousClock()
let start = clock.now
for line in data.split(separator: UInt8(ascii: "\n")) {
  _ = try decoder.decode(DecodedJourney.self, from: Data(line))
  count += 1
}
let seconds = (clock.now - start) / .seconds(1)
print("\(count) lines in \(seconds) s: \(Int(Double(count) / seconds)) lines/s")
