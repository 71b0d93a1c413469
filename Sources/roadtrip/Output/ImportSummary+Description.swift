import JourneyStore

extension ImportSummary {
  /// "Imported 1,000 journeys (3 skipped, 2 replaced, 1 unchanged, 4 duplicates skipped) in
  /// 0.84 s.", for standard error; after a dry run "Would import 1,000 journeys (…); nothing was
  /// written."
  /// - Parameter updates: Whether journeys in the database were updated (`--on-conflict
  ///   update`) rather than replaced, for the word that counts them.
  func description(after duration: Duration, isDryRun: Bool = false, updates: Bool = false) -> String {
    let noun = inserted == 1 ? "journey" : "journeys"
    var text = isDryRun ? "Would import \(inserted) \(noun)" : "Imported \(inserted) \(noun)"
    let others = [
      (skipped, "skipped"), (replaced, updates ? "updated" : "replaced"), (unchanged, "unchanged"),
      (duplicates, duplicates == 1 ? "duplicate skipped" : "duplicates skipped"),
    ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    if !others.isEmpty { text += " (" + others.joined(separator: ", ") + ")" }
    if isDryRun { return text + "; nothing was written.\n" }
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return text + " in " + String(format2: seconds) + " s.\n"
  }
}
