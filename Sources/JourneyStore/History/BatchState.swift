/// The `state` column of a batch row: whether the batch is still open, and who writes its log
/// rows. The released triggers (`Schema.version3`) compare `state` with these numbers written out,
/// since a released migration never changes; `BatchStateTests` checks that they agree.
enum BatchState: Int64, CaseIterable {
  /// Committed, or about to be: a trigger that fires now opens a batch of its own.
  case closed = 0
  /// Open, its changes logged by the triggers: how the first roadtrip of schema version 3 wrote.
  /// No code writes it any more; a file may still hold it.
  case openLoggedByTriggers = 1
  /// Open by roadtrip, which writes the log rows itself: the triggers are silent.
  case openSelfLogged = 2
  /// Open by a trigger for a program that does not write the log, for the rows of one statement.
  case openOutside = 3
}
