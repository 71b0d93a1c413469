#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of a remote, in the folder its `SyncRemote` made current: `roadtrip-remote.json`,
/// `replicas/<replica>/<seq>.rtc` and `snapshots/<replica>-<seq>.rts`. Files are added, never
/// rewritten: each is written to a temporary name in its folder, flushed to disk, and linked into
/// place, which fails rather than replaces; only `sync --compact` removes files.
struct RemoteFolder {
  let path: String
  /// The files read before the sync's write transaction (`readAhead(_:)`), shared by the copies
  /// of this value.
  let filesReadAhead = ReadAhead()

  static let identityName = "roadtrip-remote.json"

  /// `roadtrip-remote.json`: the format, the remote's random id and, for an encrypted remote,
  /// its `encryption` parameters (SYNC.md, "Encryption"). Other members are no reason to refuse it.
  struct Identity: Encodable {
    var format: Int
    var id: String
    var encryption: SyncEncryption?
  }

  /// The remote's identity; a missing or empty folder becomes a remote first (`created`), with
  /// the `encryption` member that `newEncryption` gives it (called only then: making a new
  /// remote's key derives it), when `mayCreate` says so; nothing is written before it is asked.
  /// - Parameter mayCreate: Whether a missing or empty folder may become a remote; when it
  ///   throws, nothing was written.
  /// - Throws: `SyncError.notARemote` for a folder with files and no identity,
  ///   `.unreadableRemoteIdentity`, `.cannotReachRemote`; `SyncEncryptionError` for encryption
  ///   parameters this roadtrip does not use, or what `newEncryption` or `mayCreate` throws.
  func identity(
    mayCreate: () throws -> Void = {}, newEncryption: () throws -> SyncEncryption?
  ) throws -> (identity: Identity, created: Bool) {
    if let identity = try readIdentity() { return (identity, false) }
    let entries = try names(in: path) ?? []
    // A git remote's clone holds its `.git`: not a file of the remote.
    guard entries.allSatisfy({ $0 == ".git" || ($0.hasPrefix(".") && $0.contains(".tmp-")) })
    else {
      throw SyncError.notARemote(path: path)
    }
    try mayCreate()
    try makeFolder(path)
    let identity = Identity(format: 1, id: UUID().lowercasedText, encryption: try newEncryption())
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let bytes = Array(try encoder.encode(identity)) + [UInt8(ascii: "\n")]
    if try add(bytes, as: Self.identityName) {
      return (identity, true)
    }
    // Another replica made the remote first: its identity holds.
    guard let theirs = try readIdentity() else { throw SyncError.notARemote(path: path) }
    return (theirs, false)
  }

  private func readIdentity() throws -> Identity? {
    guard let bytes = try read(Self.identityName) else { return nil }
    let identity: Identity
    do {
      identity = try Identity(json: bytes)
    } catch let error as SyncEncryptionError {
      throw error
    } catch {
      throw Self.unreadable(path)
    }
    guard identity.format == 1, UUID(text: identity.id.utf8) != nil else {
      throw Self.unreadable(path)
    }
    return identity
  }

  private static func unreadable(_ path: String) -> SyncError {
    .unreadableRemoteIdentity(path: path, reason: "not a roadtrip remote's of format 1")
  }

  /// Each replica's change files present, by replica id: their sequence numbers, in order.
  /// Other names (temporary files, a file-sync engine's partial files) are not files.
  func changeFiles() throws -> [String: [Int64]] {
    var files: [String: [Int64]] = [:]
    for replica in try names(in: path + "/replicas") ?? []
    where UUID(text: replica.utf8)?.lowercasedText == replica {
      let seqs = (try names(in: path + "/replicas/" + replica) ?? []).compactMap(
        Self.seq(ofFileNamed:))
      if !seqs.isEmpty { files[replica] = seqs.sorted() }
    }
    return files
  }

  /// The snapshots present (`snapshots/<replica>-<seq>.rts`), by path inside the remote.
  func snapshots() throws -> [(name: String, replica: String, seq: Int64)] {
    (try names(in: path + "/snapshots") ?? []).compactMap { name in
      Snapshot.parse(fileNamed: name).map {
        (name: "snapshots/" + name, replica: $0.replica, seq: $0.seq)
      }
    }.sorted { $0.name < $1.name }
  }

  /// Removes the file at `name` (a path inside the remote); one already gone is no error.
  /// - Throws: `SyncError.cannotReachRemote` when it cannot be removed,
  ///   `.refusedRemoteFile` when a folder on the way is a symbolic link (nothing outside the
  ///   remote is removed).
  func remove(_ name: String) throws {
    guard let (folder, base) = try openFolder(holding: name, creating: false) else { return }
    guard unlinkat(folder.descriptor, base, 0) == 0 || errno == ENOENT else {
      throw SyncError.cannotReachRemote(path: path + "/" + name, reason: Self.reason())
    }
  }

  /// Removes what a writer killed between writing a file and linking it into place left in
  /// `folder` (a path inside the remote): each temporary file `.<name>.tmp-<random>` whose
  /// `name` is there now, `name` starting with `prefix`. Its writer calls it once it added its
  /// files (a change file that was not linked is sent again, under that name); a temporary
  /// file another writer is writing now has no file of its name yet, and is left alone.
  func removeLeftovers(in folder: String, startingWith prefix: String = "") {
    guard let opened = try? openFolder(folder, creating: false),
      let names = try? names(in: opened.path)
    else { return }
    let present = Set(names)
    for name in names where name.hasPrefix("." + prefix) {
      guard let marker = name.firstRange(of: ".tmp-") else { continue }
      let target = String(name[name.index(after: name.startIndex)..<marker.lowerBound])
      if present.contains(target) { unlinkat(opened.descriptor, name, 0) }
    }
  }

  /// The sequence number a change file's name says: 9 digits and `.rtc`.
  static func seq(ofFileNamed name: String) -> Int64? {
    let bytes = Array(name.utf8)
    guard bytes.count == 13, name.hasSuffix(".rtc"),
      bytes.prefix(9).allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return Int64(String(decoding: bytes.prefix(9), as: UTF8.self))
  }

  /// The bytes of the file at `name` (a path inside the remote), or `nil` when there is none:
  /// as `readAhead(_:)` read them, if it did, else read now.
  /// - Throws: `SyncError.refusedRemoteFile` for anything but a regular file of at most
  ///   `largestFile` bytes, or a folder on the way that is a symbolic link (nothing of it is
  ///   read); `.cannotReachRemote` when it cannot be read.
  func read(_ name: String) throws -> [UInt8]? {
    if let readAhead = takeReadAhead(name) { return try readAhead.get() }
    return try readNow(name)
  }

  /// The bytes of the file at `name`, read from the remote now, as `read(_:)` says.
  func readNow(_ name: String) throws -> [UInt8]? {
    guard let (folder, base) = try openFolder(holding: name, creating: false) else { return nil }
    return try readRegularFile(base, in: folder)
  }

  /// Adds a file at `name` (a path inside the remote; its folders are made, each reached
  /// without following a symbolic link): written to a temporary name beside it, flushed,
  /// linked into place and the folder flushed.
  /// - Returns: `false` when a file of that name is there already (nothing was replaced).
  /// - Throws: `RemoteWriteError` when it cannot be written, also when a folder on the way is a
  ///   symbolic link or not a folder (nothing is written through it).
  func add(_ bytes: [UInt8], as name: String) throws -> Bool {
    let target = path + "/" + name
    let folder: OpenFolder
    let base: String
    do {
      (folder, base) = try openFolder(holding: name, creating: true)!
    } catch let error as SyncError {
      switch error {
      case .refusedRemoteFile(let path, let reason):
        throw RemoteWriteError(path: path, reason: reason + "; remove it from the remote")
      case .cannotReachRemote(let path, let reason):
        throw RemoteWriteError(path: path, reason: reason)
      default:
        throw RemoteWriteError(path: target, reason: error.description)
      }
    }
    let temporary = "." + base + ".tmp-" + UUID().lowercasedText.prefix(8)
    let descriptor = openat(
      folder.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw RemoteWriteError(path: folder.path, reason: Self.reason())
    }
    defer { unlinkat(folder.descriptor, temporary, 0) }
    var written = 0
    let failed: Bool = bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return true
        }
        written += count
      }
      return fsync(descriptor) != 0
    }
    let reason = failed ? Self.reason() : nil
    close(descriptor)
    if let reason { throw RemoteWriteError(path: target, reason: reason) }
    guard linkat(folder.descriptor, temporary, folder.descriptor, base, 0) == 0 else {
      if errno == EEXIST { return false }
      // Another sync of this database removed the temporary file as a leftover
      // (`removeLeftovers`) because it wrote the same file first.
      var status = stat()
      if errno == ENOENT, fstatat(folder.descriptor, base, &status, AT_SYMLINK_NOFOLLOW) == 0 {
        return false
      }
      throw RemoteWriteError(path: target, reason: Self.reason())
    }
    fsync(folder.descriptor)
    return true
  }

  /// The names in a folder (without `.` and `..`), or `nil` when there is no such folder.
  /// Only names are read here, so a folder of the remote that is a symbolic link is listed
  /// through it: reading its files then refuses them by name (`read`).
  func names(in folder: String) throws -> [String]? {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      // A file where a replica's folder would be holds no change file.
      if errno == ENOENT || (errno == ENOTDIR && folder != path) { return nil }
      throw SyncError.cannotReachRemote(path: folder, reason: Self.reason())
    }
    guard let directory = fdopendir(descriptor) else {
      let reason = Self.reason()
      close(descriptor)
      throw SyncError.cannotReachRemote(path: folder, reason: reason)
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  static func reason() -> String { String(cString: strerror(errno)) }
}

/// A file of the remote that could not be written: what was received is kept, and what was to
/// be sent goes next time.
struct RemoteWriteError: Error {
  let path: String
  let reason: String
}

extension RemoteFolder.Identity {
  /// Reads `roadtrip-remote.json`'s bytes: a JSON object with the members `format` (an
  /// integer), `id` (a string) and, for an encrypted remote, `encryption` (an object, checked
  /// where it enters: `SyncEncryption(json:)`); `null` or no `encryption` for a plain one.
  /// - Throws: `SyncEncryptionError` for encryption parameters this roadtrip does not use;
  ///   `JSONScanner.Failure` for anything else that is not such an object.
  init(json: [UInt8]) throws {
    let members = try JSONMembers(json)
    format = try members.integer("format")
    id = try members.string("id")
    switch members["encryption"] {
    case nil, .null?: encryption = nil
    case .object(let object)?: encryption = try SyncEncryption(json: object)
    case _?: throw JSONScanner.Failure.malformed("the member 'encryption' must be an object")
    }
  }
}
