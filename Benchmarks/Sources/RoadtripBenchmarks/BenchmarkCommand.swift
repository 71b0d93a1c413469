import ArgumentParser

@main
struct BenchmarkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "roadtrip-benchmarks",
    abstract: "Compares JourneyStore with the SQLite C API and GRDB on the same generated journeys.",
    discussion: "Prints a markdown table of rows/s (medians) and ratios to standard output, progress to standard error.")

  @Option(help: "Journeys to generate, insert and read.")
  var rows = 1_000_000

  @Option(help: "Journeys the batch update edits (at most --rows).")
  var updates = 100_000

  @Option(help: "Runs of each variant; the table shows medians.")
  var runs = 5

  @Flag(help: "A smoke run: 100,000 rows, 3 runs.")
  var quick = false

  @Option(help: "Only the variants whose name starts with this, such as insert or read.store; several, separated by commas.")
  var only: String?

  @Option(help: "Runs this one variant in this process on --database and prints seconds and peak-memory growth (for profiling).")
  var variant: String?

  @Option(help: "The database file for --variant.")
  var database: String?

  mutating func validate() throws {
    if quick {
      rows = 100_000
      runs = 3
    }
    updates = min(updates, rows)
    guard rows > 0, updates > 0, runs > 0 else { throw ValidationError("--rows, --updates and --runs must be positive.") }
    if let variant, Variant.named(variant) == nil {
      throw ValidationError("No variant \(variant); there are \(Variant.all.map(\.name).joined(separator: ", ")).")
    }
    if (variant == nil) != (database == nil) { throw ValidationError("--variant and --database go together.") }
  }

  func run() throws {
    if let variant = variant.flatMap(Variant.named), let database {
      print(try variant.measure(Workload(rows: rows, updates: updates, database: database)).line)
      return
    }
    let prefixes = (only ?? "").split(separator: ",", omittingEmptySubsequences: false)
    let variants = Variant.all.filter { variant in prefixes.contains { variant.name.hasPrefix($0) } }
    guard !variants.isEmpty else { throw ValidationError("No variant starts with \(only ?? "").") }
    let suite = Suite(rows: rows, updates: updates, runs: runs, variants: variants)
    print(Report(suite: suite, samples: try suite.run()).markdown)
  }
}
