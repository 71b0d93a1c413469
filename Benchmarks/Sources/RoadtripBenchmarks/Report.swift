import Foundation

/// The results of a suite as markdown: the machine, a table of rates (medians over the runs),
/// and the ratios of our store to the anchors, each the median of the per-round ratios.
struct Report {
  let suite: Suite
  let samples: [String: [Sample]]

  /// A ratio of two variants' rates: what it compares, and the target it bears on.
  struct Ratio {
    let label: String
    let numerator: String
    let denominator: String
    let target: String
  }

  static let ratios: [Ratio] = [
    Ratio(label: "P1 `add(contentsOf:)` / C API", numerator: "insert.store", denominator: "insert.c-api",
          target: "P1 is ≥ 0.8× `sqlite3 .import` into a bare table (scripts/bench-log.py); the C API anchor is about as fast"),
    Ratio(label: "P1 `add(contentsOf:)` / GRDB Codable", numerator: "insert.store", denominator: "insert.grdb.record",
          target: "≥ 2×"),
    Ratio(label: "P1 `add(contentsOf:)` / GRDB statement", numerator: "insert.store", denominator: "insert.grdb.statement",
          target: ""),
    Ratio(label: "P1 `importJourneys` / C API", numerator: "insert.store.import", denominator: "insert.c-api",
          target: "as above, with NDJSON parsing included"),
    Ratio(label: "P1 `importJourneys` / GRDB Codable", numerator: "insert.store.import", denominator: "insert.grdb.record",
          target: "≥ 2× (GRDB into a minimal table)"),
    Ratio(label: "P1 `importJourneys` / GRDB Codable, same table", numerator: "insert.store.import",
          denominator: "insert.grdb.record.store-schema", target: "≥ 2× (GRDB into roadtrip's `journey` table, no change log)"),
    Ratio(label: "P1 `importJourneys` / GRDB Codable, same work", numerator: "insert.store.import",
          denominator: "insert.grdb.record.store-work", target: "≥ 2× (GRDB writing the same rows as the store)"),
    Ratio(label: "schema cost for GRDB: same table / minimal table", numerator: "insert.grdb.record.store-schema",
          denominator: "insert.grdb.record", target: "what roadtrip's table costs GRDB"),
    Ratio(label: "schema cost: C API roadtrip schema / C API minimal", numerator: "insert.c-api.store-schema",
          denominator: "insert.c-api", target: "what WAL, CHECKs, 5 indexes and the change log cost"),
    Ratio(label: "Swift layers: `add(contentsOf:)` / C API roadtrip schema", numerator: "insert.store",
          denominator: "insert.c-api.store-schema", target: "what the store adds over the same SQL"),
    Ratio(label: "P2 `forEachJourney` / C API", numerator: "read.store", denominator: "read.c-api",
          target: "P2 is ≥ 1.0× `sqlite3 -json` (scripts/bench.sh)"),
    Ratio(label: "P2 `forEachJourney` / C API in the same order", numerator: "read.store", denominator: "read.c-api.ordered",
          target: "what the store adds over the same query"),
    Ratio(label: "P2 `forEachJourney` in table order / C API", numerator: "read.store.storage-order",
          denominator: "read.c-api", target: "the same query: what a `Journey` per row costs"),
    Ratio(label: "P2 GRDB / C API", numerator: "read.grdb", denominator: "read.c-api", target: ""),
    Ratio(label: "P4 `edit(ids:)` / C API", numerator: "update.store", denominator: "update.c-api",
          target: "P4 is ≥ 1.0× a sqlite3 script of the same UPDATEs (scripts/bench.sh); this anchor does not log"),
    Ratio(label: "P4 `edit(ids:)` / C API doing the store's work", numerator: "update.store",
          denominator: "update.c-api.store-work", target: "the same SQL (read, update, change log): what the Swift layers cost"),
    Ratio(label: "change log cost: C API store's work / C API UPDATE", numerator: "update.c-api.store-work",
          denominator: "update.c-api", target: "what reading the old value and logging the change cost"),
  ]

  var markdown: String {
    var lines = [
      "### \(Self.timestamp()): \(Self.grouped(Double(suite.rows))) journeys, "
        + "\(Self.grouped(Double(suite.updates))) updates, median of \(suite.runs) runs",
      "",
      "`\(Self.machine())`, \(ProcessInfo.processInfo.activeProcessorCount) cores, "
        + "SQLite \(SQLiteFile.libraryVersion), each run in its own process",
      "",
      "| variant | rows/s (median) | min – max | peak RSS growth |",
      "|---|--:|--:|--:|",
    ]
    for group in Variant.Group.allCases {
      let members = suite.variants.filter { $0.group == group && samples[$0.name] != nil }
      guard !members.isEmpty else { continue }
      lines.append("| **\(group.rawValue)** | | | |")
      for variant in members {
        let rates = self.rates(of: variant.name)
        let growth = median(samples[variant.name]!.map { Double($0.peakMemoryGrowth) })
        lines.append(
          "| `\(variant.name)`: \(variant.title) | \(Self.grouped(median(rates))) | "
            + "\(Self.grouped(rates.min()!)) – \(Self.grouped(rates.max()!)) | "
            + "\(String(format: "%.1f", growth / 1_048_576)) MiB |")
      }
    }
    lines += ["", "| ratio (median of per-round ratios) | value | min – max | target / meaning |", "|---|--:|--:|---|"]
    for ratio in Self.ratios {
      guard let values = ratios(ratio) else { continue }
      lines.append(
        "| \(ratio.label) | **\(String(format: "%.2f", median(values)))×** | "
          + "\(String(format: "%.2f", values.min()!)) – \(String(format: "%.2f", values.max()!)) | \(ratio.target) |")
    }
    return lines.joined(separator: "\n")
  }

  private func rates(of name: String) -> [Double] {
    let rows = Double(Variant.named(name)!.rows(in: suite.workload))
    return samples[name]!.map { rows / $0.seconds }
  }

  /// The ratio of two variants' rates in each round, or `nil` when either was not run.
  private func ratios(_ ratio: Ratio) -> [Double]? {
    guard samples[ratio.numerator] != nil, samples[ratio.denominator] != nil else { return nil }
    return zip(rates(of: ratio.numerator), rates(of: ratio.denominator)).map { $0 / $1 }
  }

  private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// A whole number with thousands separators: 1,234,567.
  static func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    return digits.reversed().enumerated()
      .map { index, digit in index > 0 && index % 3 == 0 ? "\(digit)," : "\(digit)" }
      .reversed().joined()
  }

  /// `uname -m`: the machine's architecture, such as `x86_64`.
  private static func machine() -> String {
    var name = utsname()
    uname(&name)
    return withUnsafeBytes(of: name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }

  private static func timestamp() -> String {
    Date().ISO8601Format()
  }
}
