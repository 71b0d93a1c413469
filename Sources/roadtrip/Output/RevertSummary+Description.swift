import JourneyStore

extension RevertSummary {
  /// What `undo` and `redo` print on standard error, such as
  /// `Undid roadtrip transport 1a2b bike (batch 12, 2026-11-21T08:00:03Z): 1 journey updated (transportationType).`
  var sentence: String {
    var parts: [String] = []
    if inserted > 0 { parts.append(Self.count(inserted, "inserted")) }
    if updated > 0 {
      parts.append(Self.count(updated, "updated") + " (" + fields.map(\.name).joined(separator: ", ") + ")")
    }
    if deleted > 0 { parts.append(Self.count(deleted, "deleted")) }
    let verb = kind == .redo ? "Redid" : "Undid"
    let what = parts.isEmpty ? "nothing left to change" : parts.joined(separator: ", ")
    return "\(verb) \(origin.escapingControlCharacters) (batch \(commandBatch), \(date.localText)): \(what).\n"
  }

  private static func count(_ number: Int, _ verb: String) -> String {
    "\(number) journey\(number == 1 ? "" : "s") \(verb)"
  }
}
