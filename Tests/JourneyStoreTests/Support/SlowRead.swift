import Foundation

/// `roadtrip` run under strace, which makes its first read of one file wait (`inject=read:
/// delay_enter`): a share that is slow to read, made by a real program, with nothing of it in
/// roadtrip. The test learns that roadtrip is reading the file when it holds it open.
final class SlowRead {
  /// strace, which `scripts/setup` installs.
  static let strace = "/usr/bin/strace"

  let child: Child
  private let file: String

  /// Starts `roadtrip arguments` with its first read of `file` delayed by `delay`.
  init(
    of file: String, by delay: Duration, _ arguments: [String], environment: [String: String],
    in folder: TemporaryFolder
  ) throws {
    self.file = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
    let microseconds = delay.components.seconds * 1_000_000
    child = try Child(
      Self.strace,
      [
        "-f", "-o", "/dev/null", "-e", "trace=read", "-P", self.file,
        "-e", "inject=read:delay_enter=\(microseconds):when=1", RoadtripBinary.path,
      ] + arguments, environment: environment, in: folder)
  }

  /// Waits (at most 60 s) until roadtrip holds the file open: it is reading it.
  /// - Returns: Whether it did before it ended.
  func reading() async throws -> Bool {
    try await child.wait(within: .seconds(60)) { holdsFile() }
  }

  /// Whether a process strace runs holds the file open (`/proc/PID/fd`).
  private func holdsFile() -> Bool {
    let children = (try? String(
      contentsOfFile: "/proc/\(child.pid)/task/\(child.pid)/children", encoding: .utf8)) ?? ""
    for pid in children.split(separator: " ") {
      let descriptors = "/proc/\(pid)/fd"
      for descriptor in (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? [] {
        let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: descriptors + "/" + descriptor)
        if target == file { return true }
      }
    }
    return false
  }
}
