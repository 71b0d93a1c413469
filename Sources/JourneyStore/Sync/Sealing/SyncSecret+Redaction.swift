extension SyncSecret: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `SyncSecret(redacted)`: never the secret, nor its length.
  public var description: String { "SyncSecret(redacted)" }

  /// `SyncSecret(redacted)`, as `description`.
  public var debugDescription: String { description }

  /// A mirror with no children, so that `dump` and debuggers show only `description`.
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}
