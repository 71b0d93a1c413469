import Glibc

/// An exclusive lock on a file beside a clone, so that two syncs of one remote on this machine
/// take turns with it. The corresponding C function is `flock`: the lock goes when the file is
/// closed, also when the process dies.
enum CloneLock {
  /// Runs `body` holding the lock on `path` (made, mode 0600, when missing), waiting for it.
  static func holding<T>(_ path: String, _ body: () throws -> T) throws -> T {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw SyncRemoteError.cacheUnavailable(folder: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        throw SyncRemoteError.cacheUnavailable(
          folder: path, reason: String(cString: strerror(errno)))
      }
    }
    return try body()
  }
}
