import Foundation

/// A new folder under the system's temporary folder, removed with everything in it when the last
/// reference goes away.
final class TemporaryFolder: Sendable {
  let path: String

  init() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// A path inside the folder.
  func file(_ name: String) -> String {
    path + "/" + name
  }
}
