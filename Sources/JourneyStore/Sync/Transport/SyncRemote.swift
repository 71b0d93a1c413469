/// Where a sync sends its change files and finds the other replicas' (SYNC.md, "Remotes"): a
/// folder, or a git repository whose clone is one.
///
/// A sync only ever adds files, named by replica id and sequence number, so the transport never
/// merges roadtrip's data: the sync reads and writes the files in the folder that `fetch()` makes
/// current, and hands `publish(added:message:)` the names of the files it added. Only
/// `sync --compact` takes files away, through `remove(_:message:)`.
public protocol SyncRemote: Sendable {
  /// Where the remote is, as the user named it: a path, or a URL.
  var description: String { get }
  /// What kind of remote it is, as the database remembers it: a folder unless it says
  /// otherwise.
  var kind: RemoteKind { get }
  /// Makes the remote's files current (a folder is always current; a git clone pulls) and
  /// returns the path of the folder that holds them.
  func fetch() throws -> String
  /// `fetch()`, stopped once `shouldStop` says so, which it asks now and then while it waits on
  /// something slow (the network): a remote that stops throws `CancellationError`. A sync
  /// cancelled while it fetches asks it. By default, `fetch()`, which is not stopped.
  func fetch(stoppingWhen shouldStop: @escaping @Sendable () -> Bool) throws -> String
  /// Makes the files the sync added to the folder (paths relative to it) part of the remote: a
  /// folder has nothing to do; a git clone commits them with `message` and pushes.
  func publish(added: [String], message: String) throws
  /// Removes files of the remote (paths relative to its folder) that no replica needs any more
  /// (`sync --compact`): a folder unlinks them; a git clone removes them (`git rm`), commits the
  /// removal with `message` and pushes it. A file already gone is no error.
  func remove(_ names: [String], message: String) throws
}

extension SyncRemote {
  /// A folder.
  public var kind: RemoteKind { .folder }

  /// `fetch()`, which is not stopped: a folder is always current.
  public func fetch(stoppingWhen shouldStop: @escaping @Sendable () -> Bool) throws -> String {
    try fetch()
  }
}
