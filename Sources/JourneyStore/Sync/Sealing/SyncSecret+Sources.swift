#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SyncSecret {
  /// The environment variable that holds the secret for scripts: `ROADTRIP_SYNC_SECRET`.
  public static let environmentVariable = "ROADTRIP_SYNC_SECRET"

  /// The most bytes a secret may have: 64 KiB, far more than any passphrase or key file.
  public static let maximumByteCount = 65_536

  /// Reads the secret from a file: its bytes, one trailing newline (`\n` or `\r\n`) dropped.
  ///
  /// The file may be a pipe (`--secret-file <(pass show roadtrip)`). A regular file that others
  /// may read or write is used, with a `permissionWarning`.
  /// - Parameter path: The file's path.
  /// - Throws: `SyncEncryptionError.unreadableSecret` when it cannot be opened or read;
  ///   `.emptySecret` or `.secretTooLong` for what it holds.
  public init(fileAt path: String) throws(SyncEncryptionError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self.unreadable(path) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Self.unreadable(path) }
    // Room for the longest secret, its newline (\r\n) and one byte more, which says "too long".
    var bytes = [UInt8](repeating: 0, count: Self.maximumByteCount + 3)
    defer { bytes.withUnsafeMutableBytes { _ = memset($0.baseAddress!, 0, $0.count) } }
    var count = 0
    while count < bytes.count {
      let received = bytes.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress! + count, $0.count - count)
      }
      if received == 0 { break }
      if received < 0 {
        if errno == EINTR { continue }
        throw Self.unreadable(path)
      }
      count += received
    }
    let source = "the secret file \(path)"
    guard count < bytes.count else { throw .secretTooLong(source: source) }
    try self.init(
      bytes: bytes[..<count], source: source,
      permissionWarning: Self.permissionWarning(for: path, info))
  }

  /// Reads the secret from `ROADTRIP_SYNC_SECRET`: its bytes, one trailing newline dropped.
  /// - Parameter environment: The process's environment.
  /// - Returns: `nil` when the variable is not set.
  /// - Throws: `SyncEncryptionError.emptySecret` when it is set but empty: a script that meant
  ///   to give a secret must not sync in plain; `.secretTooLong` past `maximumByteCount`.
  public init?(environment: [String: String]) throws(SyncEncryptionError) {
    guard let value = environment[Self.environmentVariable] else { return nil }
    try self.init(bytes: Array(value.utf8)[...], source: Self.environmentVariable)
  }

  /// Reads the secret from this process's `ROADTRIP_SYNC_SECRET`, as the bytes the environment
  /// holds (any bytes but NUL, as in a secret file: not through `String`, which would replace
  /// bytes that are not UTF-8 and give another key than the same bytes in a file).
  /// - Returns: `nil` when the variable is not set.
  /// - Throws: As `init?(environment:)`.
  public static func fromProcessEnvironment() throws(SyncEncryptionError) -> SyncSecret? {
    guard let value = getenv(environmentVariable) else { return nil }
    var bytes = [UInt8](repeating: 0, count: strlen(value))
    defer {
      bytes.withUnsafeMutableBytes { if let base = $0.baseAddress { _ = memset(base, 0, $0.count) } }
    }
    bytes.withUnsafeMutableBytes { if let base = $0.baseAddress { _ = memcpy(base, value, $0.count) } }
    return try SyncSecret(bytes: bytes[...], source: environmentVariable)
  }

  private static func unreadable(_ path: String) -> SyncEncryptionError {
    .unreadableSecret(path: path, reason: String(cString: strerror(errno)))
  }

  /// The warning for a regular file that others may read or write, or `nil`.
  private static func permissionWarning(for path: String, _ info: stat) -> String? {
    guard info.st_mode & S_IFMT == S_IFREG,
      info.st_mode & (S_IRGRP | S_IWGRP | S_IROTH | S_IWOTH) != 0
    else { return nil }
    let octal = String(info.st_mode & 0o7777, radix: 8)
    let mode = String(repeating: "0", count: max(0, 4 - octal.count)) + octal
    return "the secret file \(path) is not yours alone (mode \(mode)): others who can read it can "
      + "read and change your journeys on the remote; make it yours alone with 'chmod 600 \(path)'"
  }
}
