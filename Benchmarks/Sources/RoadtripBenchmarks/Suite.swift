import Foundation

/// A full benchmark run: each variant `runs` times, each time in a child process of this same
/// binary (so no variant inherits another's memory or caches), round-robin within a group so
/// that the machine's noise spreads over the variants, and round by round, so ratios can pair
/// the runs of one round.
struct Suite {
  let rows: Int
  let updates: Int
  let runs: Int
  let variants: [Variant]

  /// The samples of each variant, by name, in round order.
  func run() throws -> [String: [Sample]] {
    let folder = try TemporaryFolder()
    let template = folder.file("template.sqlite")
    if variants.contains(where: { $0.group != .insert }) {
      log("filling \(template) with \(rows) journeys for the reads and updates")
      _ = try runChild("insert.c-api.store-schema", database: template)
    }
    var samples: [String: [Sample]] = [:]
    for group in Variant.Group.allCases {
      let members = variants.filter { $0.group == group }
      for round in 1...runs where !members.isEmpty {
        for variant in members {
          let database = try database(for: group, in: folder, template: template)
          let sample = try runChild(variant.name, database: database)
          if database != template { folder.removeDatabase(database) }
          samples[variant.name, default: []].append(sample)
          let rate = Double(variant.rows(in: workload)) / sample.seconds
          log("\(variant.name) \(round)/\(runs): \(Report.grouped(rate)) rows/s")
        }
      }
    }
    return samples
  }

  var workload: Workload {
    Workload(rows: rows, updates: updates, database: "")
  }

  /// A new file for an insert, the template itself for a read, a fresh copy of it for an update.
  private func database(for group: Variant.Group, in folder: TemporaryFolder, template: String) throws -> String {
    switch group {
    case .insert: return folder.file("insert.sqlite")
    case .read: return template
    case .update:
      let copy = folder.file("update.sqlite")
      try FileManager.default.copyItem(atPath: template, toPath: copy)
      return copy
    }
  }

  /// Runs one variant in a child process and reads the sample it prints.
  private func runChild(_ variant: String, database: String) throws -> Sample {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    process.arguments = ["--variant", variant, "--rows", "\(rows)", "--updates", "\(updates)", "--database", database]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let sample = printed.split(separator: "\n").last.flatMap(Sample.init(line:))
    else {
      throw BenchmarkFailure(description: "\(variant) failed (exit status \(process.terminationStatus))")
    }
    return sample
  }
}

/// A folder of its own under the system's temporary folder, removed with everything in it when
/// the last reference goes away.
final class TemporaryFolder {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory
      .appendingPathComponent("roadtrip-benchmarks-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  func file(_ name: String) -> String {
    path + "/" + name
  }

  /// Removes a database file and the journal, WAL and shared-memory files SQLite keeps next to it.
  func removeDatabase(_ database: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: database + suffix)
    }
  }
}

/// Progress, on standard error, so that standard output holds only the report.
func log(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
