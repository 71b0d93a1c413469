/// Reading a remote's files before the sync's write transaction (SYNC.md, "Receiving and
/// merging"): a slow share (a network folder, a stick, a file a file-sync engine is still
/// writing) then delays the sync alone, not every writer of the database waiting for its lock.
extension RemoteFolder {
  /// The files read ahead, by path inside the remote, each as `read(_:)` found it (its bytes,
  /// `nil` for a file that is gone, or why it was refused), handed out once.
  final class ReadAhead {
    fileprivate var files: [String: Result<[UInt8]?, any Error>] = [:]
  }

  /// Reads the files at `names` (paths inside the remote) now, as `read(_:)` reads them, for a
  /// later `read(_:)` of each to take without touching the remote; a file that cannot be read is
  /// refused then, by the same error.
  func readAhead(_ names: some Sequence<String>) {
    for name in names where filesReadAhead.files[name] == nil {
      filesReadAhead.files[name] = Result { try readNow(name) }
    }
  }

  /// What `readAhead(_:)` read of `name`, handed out once (a second read reads the remote);
  /// `nil` when it was not read ahead.
  func takeReadAhead(_ name: String) -> Result<[UInt8]?, any Error>? {
    filesReadAhead.files.removeValue(forKey: name)
  }
}
