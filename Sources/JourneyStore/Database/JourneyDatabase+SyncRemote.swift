extension JourneyDatabase {
  /// The remote that `location` names, as `roadtrip sync REMOTE` reads it (SYNC.md, "Git or
  /// folder"): a git repository for a URL (`ssh://`, `https://`, `file://`, …), an scp-like
  /// address (`me@host:journeys`), a path ending in `.git` or a local git repository, which the
  /// real `git` clones, pulls and pushes; a folder otherwise (a missing or empty one becomes a
  /// remote at the first sync).
  ///
  /// A relative path is taken from the current folder, so that the remembered remote is found
  /// from anywhere. git runs with this process's environment, less `ROADTRIP_SYNC_SECRET` and
  /// the variables that would point it at another repository.
  /// - Parameter location: A path or URL, as the user typed it.
  public static func remote(for location: String) -> any SyncRemote {
    remote(for: location, kind: RemoteKind(of: location))
  }

  /// The remote this database synced with, of the kind it was remembered as; `nil` when it never
  /// synced. Reads only: a file of an older schema that remembers its remote names it before a
  /// sync upgrades the file.
  public func rememberedRemote() throws -> (any SyncRemote)? {
    try checkOpen()
    guard try hasCurrentSchema() || schemaVersion >= RememberedRemote.firstSchemaVersion,
      let remembered = try SyncSession.rememberedRemote(in: connection)
    else { return nil }
    return Self.remote(for: remembered.location, kind: remembered.kind)
  }

  private static func remote(for location: String, kind: RemoteKind) -> any SyncRemote {
    switch kind {
    case .git:
      return GitRemote(url: location)
    case .folder:
      return FolderRemote(path: RemoteLocation.absolutePath(location))
    }
  }
}
