import JourneyStore

extension RevertSummary {
  /// What `undo --json` and `redo --json` print: one object, such as
  /// `{"batch":13,"change":"undo","reverts":12,"commandBatch":12,"command":"roadtrip transport 1a2b bike",
  /// "at":"2026-11-21T08:00:03Z","inserted":0,"updated":1,"deleted":0,"fields":["transportationType"]}`:
  /// the batch that records it, what it reverted, and what it changed (`inserted` and `deleted`
  /// count journeys added and removed by the revert itself, as `sentence` says them).
  var json: String {
    var object = JSONObjectText()
    object.append("batch", .number(String(batch)))
    object.append("change", .string(kind.rawValue))
    object.append("reverts", .number(String(revertedBatch)))
    object.append("commandBatch", .number(String(commandBatch)))
    object.append("command", .string(origin))
    object.append("at", .string(date.iso8601))
    object.append("inserted", .number(String(inserted)))
    object.append("updated", .number(String(updated)))
    object.append("deleted", .number(String(deleted)))
    object.append("fields", values: fields.map { .string($0.name) })
    return object.text + "\n"
  }
}
