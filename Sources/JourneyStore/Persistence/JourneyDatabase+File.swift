#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JourneyDatabase {
  /// Creates an empty database file with mode 0600, and its missing folders with mode 0700,
  /// unless the file exists. The corresponding C functions are `mkdir` and `open`.
  static func createFileIfMissing(at path: String) throws(JourneyDatabaseError) {
    guard access(path, F_OK) != 0 else { return }
    var folder = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/").dropLast() {
      folder += component + "/"
      if mkdir(folder, 0o700) != 0 && errno != EEXIST {
        throw .cannotCreate(path: folder, reason: String(cString: strerror(errno)))
      }
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      if errno == EEXIST { return }
      throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    close(descriptor)
  }
}
