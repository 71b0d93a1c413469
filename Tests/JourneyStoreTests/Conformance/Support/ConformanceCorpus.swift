import Foundation

/// The public test corpora in `../shared/conformance/`, beside the package root (CI has them at
/// the same place): JSONTestSuite as `jts/`, csv-spectrum, csv-test-data and the Big List of
/// Naughty Strings. See its README for what each case must do.
enum ConformanceCorpus {
  /// The corpus folder: `../shared/conformance` from the package root.
  static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/conformance")

  /// The files of a folder of the corpus, sorted by name, with their bytes.
  /// - Throws: When the folder is missing or empty: a corpus that is not there tests nothing.
  static func files(in folder: String, extension pathExtension: String) throws -> [(name: String, bytes: [UInt8])] {
    let url = root.appendingPathComponent(folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
      .filter { $0.hasSuffix("." + pathExtension) }.sorted()
    guard !names.isEmpty else { throw MissingCorpus(path: url.path) }
    return try names.map { name in
      (name, Array(try Data(contentsOf: url.appendingPathComponent(name))))
    }
  }

  /// The bytes of one file of the corpus.
  static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent(path)))
  }
}

struct MissingCorpus: Error, CustomStringConvertible {
  let path: String
  var description: String { "no conformance corpus at \(path); it lives in ../shared/conformance beside the package" }
}
