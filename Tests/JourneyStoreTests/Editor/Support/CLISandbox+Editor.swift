import Foundation

extension CLISandbox {
  /// Starts `roadtrip edit ID` on a pseudo-terminal of its own, with the sandbox's environment
  /// (and `TERM=xterm-256color`), changed by `changes`: a `nil` value unsets a variable.
  func startEditor(
    _ id: String, environment changes: [String: String?] = [:], columns: Int = 100, rows: Int = 30
  ) throws -> EditorProcess {
    var environment = self.environment
    environment["TERM"] = "xterm-256color"
    for (name, value) in changes {
      environment[name] = value
    }
    return try EditorProcess(["edit", id], environment: environment, columns: columns, rows: rows)
  }
}
