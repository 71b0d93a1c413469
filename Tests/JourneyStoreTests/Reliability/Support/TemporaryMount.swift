import Foundation
import Testing

/// A small tmpfs mounted for one test inside its temporary folder, so that the disk can really be
/// full or read-only; unmounted when the test lets go of it, however the test ends.
///
/// Mounting needs root (CAP_SYS_ADMIN); `isPermitted` says whether this machine allows it, and the
/// tests that need it are skipped with that reason where it does not.
final class TemporaryMount {
  let path: String
  private let folder: TemporaryFolder

  /// Mounts a tmpfs of `size` (such as "1m") at a new folder in `folder`.
  init(size: String, in folder: TemporaryFolder) throws {
    self.folder = folder
    path = folder.file("mount-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    try Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path])
  }

  deinit {
    if (try? Self.run("/usr/bin/umount", [path])) == nil {
      try? Self.run("/usr/bin/umount", ["-l", path])
    }
  }

  /// Makes the file system read-only, or writable again.
  func remount(readOnly: Bool) throws {
    try Self.run("/usr/bin/mount", ["-o", readOnly ? "remount,ro" : "remount,rw", path])
  }

  /// A path inside the mount.
  func file(_ name: String) -> String {
    path + "/" + name
  }

  /// Fills the file system: a file grows until the disk refuses more.
  /// - Returns: The filler's path, to remove to make room again.
  @discardableResult
  func fill(leaving reserve: Int = 0) throws -> String {
    let filler = file("filler")
    let descriptor = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    defer { close(descriptor) }
    let chunk = [UInt8](repeating: 0x55, count: 4096)
    for size in [4096, 512, 1] {
      while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, size) }) == size {}
    }
    if reserve > 0 { ftruncate(descriptor, lseek(descriptor, 0, SEEK_CUR) - off_t(reserve)) }
    return filler
  }

  /// Whether tmpfs mounts are permitted here: tried once with a tiny one.
  static let isPermitted: Bool = {
    guard let folder = try? TemporaryFolder(), let mount = try? TemporaryMount(size: "64k", in: folder) else {
      return false
    }
    _ = mount
    return true
  }()

  static let skipReason: Comment = "mounting a tmpfs is not permitted here (it needs root with CAP_SYS_ADMIN)"

  private static func run(_ executable: String, _ arguments: [String]) throws {
    let result = try Child.runBlocking(executable, arguments)
    guard result.exitCode == 0 else {
      throw SetupFailure("\(executable) \(arguments) exited \(result.exitCode)")
    }
  }
}
