import JourneyStore

extension RevertSummary {
  /// What `undo` and `redo` print on standard error, such as
  /// `Undid roadtrip transport 1a2b bike (batch 12, 2026-11-21T08:00:03Z): 1 journey updated (transportationType).`
  /// An undo restores deleted journeys and removes added ones; a redo adds or deletes them again.
  var sentence: String {
    let isRedo = kind == .redo
    var parts: [String] = []
    if inserted > 0 {
      parts.append(isRedo ? Self.count(inserted, "added again") : Self.count(inserted, "restored", being: "deleted"))
    }
    if updated > 0 {
      parts.append(Self.count(updated, "updated") + " (" + fields.map(\.name).joined(separator: ", ") + ")")
    }
    if deleted > 0 {
      parts.append(isRedo ? Self.count(deleted, "deleted again") : Self.count(deleted, "removed", being: "added"))
    }
    let verb = isRedo ? "Redid" : "Undid"
    let what = parts.isEmpty ? "nothing left to change" : parts.joined(separator: ", ")
    return "\(verb) \(origin.escapingControlCharacters) (batch \(commandBatch), \(date.localText)): \(what).\n"
  }

  /// `1 journey updated`, or `2 deleted journeys restored` with what the journeys had been.
  private static func count(_ number: Int, _ verb: String, being state: String? = nil) -> String {
    "\(number) \(state.map { $0 + " " } ?? "")journey\(number == 1 ? "" : "s") \(verb)"
  }
}
