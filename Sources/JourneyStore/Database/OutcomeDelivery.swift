/// Has the actor that owns a database take its write-through outcomes as they come, so that a
/// refused write snaps back and its `onFailure` runs there without the owner asking.
///
/// `@unchecked Sendable` is safe here: `database` is read only in `take(_:on:)`, which runs
/// isolated to `owner`, the actor the database was used on when it made write-through bindings
/// (a database and its journeys belong to one isolation); the actor itself is `Sendable`.
struct OutcomeDelivery: @unchecked Sendable {
  weak var database: JourneyDatabase?
  let owner: any Actor

  /// Asks the owner to take the outcomes waiting, soon, on its own isolation.
  func schedule() {
    Task { await Self.take(self, on: owner) }
  }

  private static func take(_ delivery: OutcomeDelivery, on owner: isolated any Actor) {
    delivery.database?.takeWriteThroughOutcomes()
  }
}
