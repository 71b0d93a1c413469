/// Where a remote's files live: a folder made current before a sync reads it, and published after it adds files.
protocol SyncRemote: Sendable {
  var description: String { get }
  /// Makes the folder current (a git remote: clone it the first time, else pull) and returns its path.
  func fetch() throws -> String
  /// Makes files added under the folder durable on the remote (a folder: nothing; git: add, commit, push).
  func publish(added: [String], message: String) throws
}
