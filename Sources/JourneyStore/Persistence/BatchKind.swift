/// What a batch of the change log is: a command's own changes (or another program's), or the undo
/// or redo of an earlier batch. Also known as `JourneyChange.BatchKind`.
public enum BatchKind: String, Sendable, CaseIterable {
  case command, undo, redo
}
