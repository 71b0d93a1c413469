/// A strong or weak reference to a journey that may cross into Observation's `@Sendable`
/// `onChange`.
///
/// `@unchecked Sendable` is safe here: a managed journey is edited on the thread (or actor) that
/// uses its database, `onChange` runs synchronously inside that edit, and the database reads the
/// references back on that same thread. No journey crosses to another thread through them.
struct JourneyReference: @unchecked Sendable {
  private weak var weakJourney: Journey?
  private let strongJourney: Journey?

  /// A reference that keeps the journey alive.
  static func strong(_ journey: Journey) -> JourneyReference {
    JourneyReference(weakJourney: nil, strongJourney: journey)
  }

  /// A reference that lets the journey go when nothing else holds it.
  static func weak(_ journey: Journey) -> JourneyReference {
    JourneyReference(weakJourney: journey, strongJourney: nil)
  }

  /// The journey, or `nil` once a weakly held one is gone.
  var journey: Journey? {
    strongJourney ?? weakJourney
  }
}
