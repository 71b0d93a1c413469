import JourneyStore

extension ImportSummary {
  /// What a dry run would write, journey by journey and field by field, for standard output:
  ///
  /// ```text
  /// update  1a2b3c4d  Coast road
  ///           startDate  2026-11-21 09:00:00+01:00 → 2026-11-21 08:00:00+01:00
  /// add     7905c232  School run
  /// … and 16 more journeys
  /// ```
  ///
  /// Nothing when it would write nothing.
  var changeLines: String {
    var text = ""
    for change in changes {
      let id = String(change.journeyID.uuidString.lowercased().prefix(8))
      text += (change.isNew ? "add   " : "update") + "  \(id)  \(change.name.escapingControlCharacters)\n"
      let width = change.fields.map(\.field.name.count).max() ?? 0
      for field in change.fields {
        text += "          " + field.field.name.padded(to: width) + "  "
          + field.old.shownText(of: field.field) + " → " + field.new.shownText(of: field.field) + "\n"
      }
    }
    let more = inserted + replaced - changes.count
    if more > 0 {
      text += "… and \(more) more journey\(more == 1 ? "" : "s")\n"
    }
    return text
  }
}
