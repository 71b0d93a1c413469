import Foundation
import Testing

extension CLISandbox {
  /// Starts `roadtrip ARGUMENTS` (`browse` unless told) on a pseudo-terminal of its own, with the
  /// sandbox's environment (and `TERM=xterm-256color`), changed by `changes`: a `nil` value
  /// unsets a variable. Unless told, now is the day before the samples (`ROADTRIP_NOW`): browse
  /// opens at the first journey of today or later, so it opens on the samples' first.
  func startBrowser(
    _ arguments: [String] = ["browse"], environment changes: [String: String?] = [:], columns: Int = 100, rows: Int = 20
  ) throws -> EditorProcess {
    var environment = self.environment
    environment["TERM"] = "xterm-256color"
    environment["ROADTRIP_NOW"] = "2026-11-19T12:00:00Z"
    for (name, value) in changes {
      environment[name] = value
    }
    return try EditorProcess(arguments, environment: environment, columns: columns, rows: rows)
  }
}

extension String {
  /// The line of the screen that holds `text`, or an empty string.
  func line(containing text: String) -> String {
    split(separator: "\n", omittingEmptySubsequences: false).first { $0.contains(text) }.map(String.init) ?? ""
  }
}
