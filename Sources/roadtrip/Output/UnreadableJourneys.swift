import JourneyStore

/// The journeys a reading command leaves out because roadtrip cannot read them as they are
/// (another program stored a value the model cannot hold, or an id that is not a lowercase
/// UUID): as `ls` does with an entry it cannot read, each is named on standard error as it is
/// met, with its repair, the others are printed, and the command fails at the end (65).
///
/// ```swift
/// var unreadable = UnreadableJourneys()
/// try database.forEachJourney(query, onUnreadable: { unreadable.leaveOut($0) }) { … }
/// try unreadable.check()
/// ```
struct UnreadableJourneys {
  /// How many journeys were left out so far.
  private(set) var count = 0
}

extension UnreadableJourneys {
  /// Names a journey left out on standard error (`roadtrip: error: …` and how to repair it, as
  /// `Failure` words the error), and counts it.
  mutating func leaveOut(_ error: JourneyDatabaseError) {
    count += 1
    if let message = Failure(error).message { StandardError.write(message + "\n") }
  }

  /// Fails the command, once its output is complete, when a journey was left out of it.
  /// - Parameter destination: Where an export went (`standard output`, or its file), for an
  ///   export: its message says the export is incomplete.
  /// - Throws: `CommandError.journeysLeftOut`.
  func check(export destination: String? = nil) throws {
    guard count > 0 else { return }
    throw CommandError.journeysLeftOut(count: count, export: destination)
  }
}
