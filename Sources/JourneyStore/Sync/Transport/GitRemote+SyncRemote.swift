extension GitRemote: SyncRemote {
  /// The remote's address, as git records it.
  var description: String { url }

  var kind: RemoteKind { .git }
}
