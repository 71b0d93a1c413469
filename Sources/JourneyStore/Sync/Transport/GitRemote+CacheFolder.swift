#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import Glibc

/// The cache folder that holds the clones.
extension GitRemote {
  /// Makes the cache root and every missing folder above it, each mode 0700: the clones are
  /// the user's journeys. Folders that exist are left as they are.
  func makeCacheRoot() throws {
    var missing: [String] = []
    var path = cacheRoot
    while PathKind(of: path) == .missing, path.count > 1 {
      missing.append(path)
      path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
      if path.isEmpty { path = "/" }
    }
    for folder in missing.reversed() where mkdir(folder, 0o700) != 0 && errno != EEXIST {
      throw SyncRemoteError.cacheUnavailable(
        folder: folder, reason: String(cString: strerror(errno)))
    }
    guard PathKind(of: cacheRoot) == .folder else {
      throw SyncRemoteError.cacheUnavailable(folder: cacheRoot, reason: "it is not a folder")
    }
  }

  /// Removes what killed clones left in the cache root: folders whose names start with
  /// `prefix`. Called with the lock held, so no other sync is writing them.
  func removeLeftovers(startingWith prefix: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: cacheRoot)) ?? []
    for name in names where name.hasPrefix(prefix) {
      removeTree(cacheRoot + "/" + name)
    }
  }

  /// Removes the lock files git leaves in the clone when it is killed (a sync ended by SIGKILL
  /// while git wrote its index: `index.lock`): called holding the clone's own lock, so no git of
  /// roadtrip's is at work in it, and the clone is roadtrip's alone.
  func removeStaleLocks() {
    let gitFolder = folder + "/.git"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: gitFolder)) ?? []
    where name.hasSuffix(".lock") {
      unlink(gitFolder + "/" + name)
    }
    let references = (try? FileManager.default.subpathsOfDirectory(atPath: gitFolder + "/refs"))
    for name in references ?? [] where name.hasSuffix(".lock") {
      unlink(gitFolder + "/refs/" + name)
    }
  }

  /// Removes a folder and everything in it, if it is there.
  func removeTree(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }
}
