/// A folder as a remote: a USB stick, a network share, or a folder that a file-sync engine
/// (Syncthing, Dropbox) replicates. A missing or empty folder becomes a remote at the first sync.
public struct FolderRemote: SyncRemote {
  /// The folder's path, as given.
  public let path: String

  /// A remote in the folder at `path`.
  public init(path: String) {
    self.path = path
  }

  public var description: String { path }

  /// The folder itself: it is always current.
  public func fetch() throws -> String { path }

  /// Nothing: the files are in place once written.
  public func publish(added: [String], message: String) throws {}

  /// Unlinks the files.
  /// - Throws: `SyncError.cannotReachRemote` for a file that cannot be removed.
  public func remove(_ names: [String], message: String) throws {
    let folder = RemoteFolder(path: path)
    for name in names { try folder.remove(name) }
  }
}
