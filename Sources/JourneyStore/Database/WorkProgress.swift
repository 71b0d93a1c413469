/// How far a piece of long work has come: what the `progress` closure of an async import,
/// export, undo or redo receives (see `JourneyDatabase`'s long work).
///
/// ```swift
/// try await database.importJourneys(from: reader) { progress in
///   print("\(progress.completed) journeys read")
/// }
/// ```
public struct WorkProgress: Sendable, Equatable {
  /// The units done so far, as each kind of work counts them: journeys read (an import),
  /// written (an export), changed (an undo or a redo, told once, at its end); a sync counts what
  /// it says it counts.
  public var completed: Int
  /// The units to do in all, when known before the end: an export's; `nil` for an import,
  /// whose input is read as it comes.
  public var total: Int?

  /// A progress of `completed` journeys, of `total` when known.
  public init(completed: Int, total: Int? = nil) {
    self.completed = completed
    self.total = total
  }
}

extension WorkProgress {
  /// The share of the work done, from 0 to 1, when the total is known.
  public var fraction: Double? {
    guard let total else { return nil }
    return total == 0 ? 1 : min(1, Double(completed) / Double(total))
  }
}
