#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reaching the remote's files as files someone else may have written (SYNC.md, "Change files"):
/// from the remote's own folder, one name at a time, never through a symbolic link (`openat`
/// with `O_NOFOLLOW`), so that a link planted in the remote (`replicas/<id>` pointing elsewhere,
/// a change file linked to `/dev/zero`) makes roadtrip neither read nor write outside it; and
/// only regular files of at most `largestFile` bytes, opened without blocking (`O_NONBLOCK`), so
/// that a FIFO or a device named as a file is refused, never read.
extension RemoteFolder {
  /// The most bytes a file of a remote may hold: 1 GiB. A change file or a snapshot is read
  /// whole into memory; the largest are a snapshot, which holds every journey's registers, and a
  /// first sync's file, which holds every journey. Measured on generated journeys, a snapshot
  /// takes about 225 bytes a journey (a first sync's file 82): 1,000,000 journeys about 225 MB,
  /// so this leaves room for four times as many, or for long names, and refuses a file that
  /// could only exhaust the memory.
  static let largestFile = 1 << 30

  /// A folder of the remote, open; closed when the last copy goes.
  final class OpenFolder {
    let descriptor: Int32
    /// Its path, for messages.
    let path: String

    init(descriptor: Int32, path: String) {
      self.descriptor = descriptor
      self.path = path
    }

    deinit { close(descriptor) }
  }

  /// The folder that holds `name` (a path inside the remote), opened as `openFolder(_:creating:)`
  /// opens it, and `name`'s last component; `nil` when a folder on the way is missing.
  func openFolder(holding name: String, creating: Bool) throws -> (
    folder: OpenFolder, name: String
  )? {
    guard let slash = name.lastIndex(of: "/") else {
      return try openFolder("", creating: creating).map { ($0, name) }
    }
    return try openFolder(String(name[..<slash]), creating: creating).map {
      ($0, String(name[name.index(after: slash)...]))
    }
  }

  /// The folder at `relative` (a path inside the remote, `""` for the remote's own folder),
  /// opened from the remote's folder one name at a time without following a symbolic link;
  /// `nil` when a folder on the way is missing (unless `creating`, which makes it, mode 0755).
  /// - Throws: `SyncError.refusedRemoteFile` for a name on the way that is a symbolic link or
  ///   not a folder, `.cannotReachRemote` for any other failure.
  func openFolder(_ relative: String, creating: Bool) throws -> OpenFolder? {
    // The remote's folder itself is the user's to choose: a link to it is followed.
    var root = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK)
    if root < 0, errno == ENOENT {
      guard creating else { return nil }
      try makeFolder(path)
      root = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK)
    }
    guard root >= 0 else { throw SyncError.cannotReachRemote(path: path, reason: Self.reason()) }
    var folder = OpenFolder(descriptor: root, path: path)
    for component in relative.split(separator: "/").map(String.init) {
      if creating { _ = mkdirat(folder.descriptor, component, 0o755) }
      let next = openat(
        folder.descriptor, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
      let nextPath = folder.path + "/" + component
      guard next >= 0 else {
        if errno == ENOENT, !creating { return nil }
        if errno == ELOOP || errno == ENOTDIR {
          throw SyncError.refusedRemoteFile(
            path: nextPath,
            reason: "it is \(Self.kind(of: component, in: folder.descriptor)), not a folder")
        }
        throw SyncError.cannotReachRemote(path: nextPath, reason: Self.reason())
      }
      folder = OpenFolder(descriptor: next, path: nextPath)
    }
    return folder
  }

  /// The bytes of the regular file `name` in `folder`, or `nil` when there is none.
  /// - Throws: `SyncError.refusedRemoteFile` for anything but a regular file (a symbolic link, a
  ///   FIFO, a device, a socket, a folder) and for a file larger than `largestFile`, none of
  ///   them read; `.cannotReachRemote` when it cannot be read.
  func readRegularFile(_ name: String, in folder: OpenFolder) throws -> [UInt8]? {
    let filePath = folder.path + "/" + name
    // Looked at before it is opened: a device is refused without the open it may act on.
    var status = stat()
    guard fstatat(folder.descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
      if errno == ENOENT { return nil }
      throw SyncError.cannotReachRemote(path: filePath, reason: Self.reason())
    }
    try Self.requireRegularFile(status, at: filePath)
    let descriptor = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      if errno == ELOOP {
        throw SyncError.refusedRemoteFile(path: filePath, reason: "it is a symbolic link")
      }
      throw SyncError.cannotReachRemote(path: filePath, reason: Self.reason())
    }
    defer { close(descriptor) }
    // Looked at again once open: it may have been replaced in between.
    guard fstat(descriptor, &status) == 0 else {
      throw SyncError.cannotReachRemote(path: filePath, reason: Self.reason())
    }
    try Self.requireRegularFile(status, at: filePath)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(status.st_size))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw SyncError.cannotReachRemote(path: filePath, reason: Self.reason())
      }
      if count == 0 { return bytes }
      bytes += chunk.prefix(count)
      // A file that grows while it is read.
      guard bytes.count <= Self.largestFile else {
        throw SyncError.refusedRemoteFile(path: filePath, reason: Self.tooLarge(bytes.count))
      }
    }
  }

  /// Refuses what `status` says is not a regular file of at most `largestFile` bytes.
  private static func requireRegularFile(_ status: stat, at path: String) throws {
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw SyncError.refusedRemoteFile(
        path: path, reason: "it is \(kind(status.st_mode)), not a regular file")
    }
    guard status.st_size <= largestFile else {
      throw SyncError.refusedRemoteFile(path: path, reason: tooLarge(Int(status.st_size)))
    }
  }

  private static func tooLarge(_ size: Int) -> String {
    "it holds \(size) bytes, more than the \(largestFile) a file of a remote may hold"
  }

  /// What `name` in the folder `descriptor` is, as a message says it ("a symbolic link").
  static func kind(of name: String, in descriptor: Int32) -> String {
    var status = stat()
    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
      return "not reachable (\(reason()))"
    }
    return kind(status.st_mode)
  }

  /// A file's type as a message says it.
  private static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a folder"
    case S_IFLNK: "a symbolic link"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "a file of an unknown type"
    }
  }

  /// Makes a folder and those above it that are missing (mode 0755): the remote's own folder,
  /// where the user put it.
  func makeFolder(_ folder: String) throws {
    if mkdir(folder, 0o755) == 0 || errno == EEXIST { return }
    guard errno == ENOENT, let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else {
      throw SyncError.cannotReachRemote(path: folder, reason: Self.reason())
    }
    try makeFolder(String(folder[..<slash]))
    guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
      throw SyncError.cannotReachRemote(path: folder, reason: Self.reason())
    }
  }
}
