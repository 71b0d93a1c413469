import Foundation
import Testing

/// A script a test installs as an executable file (a shim, a wrapper, a git hook).
///
/// The file is written by a shell of its own, never by the test process: a file this process
/// holds open for writing is inherited by any child another test forks at that moment, and
/// running the script then fails with ETXTBSY (exit 126) until that child is gone.
enum ShellScript {
  /// Writes `text` to `path` with mode 755, through `/bin/sh`.
  static func install(_ text: String, at path: String) throws {
    let result = try Child.runBlocking("/bin/sh", ["-c", #"printf '%s' "$2" > "$1" && chmod 755 "$1""#, "sh", path, text])
    try #require(result.exitCode == 0, "cannot write the script \(path): \(result)")
  }
}
