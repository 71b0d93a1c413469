extension CommittedJourneys {
  /// Notes one change of the log: an insert, a field set, a field's last value at a delete.
  mutating func note(_ change: JourneyChange) {
    switch change.kind {
    case .insert:
      note(change.journeyID, .inserted)
    case .delete:
      note(change.journeyID, .deleted)
    case .update:
      var fields = JourneyFieldSet()
      if let field = change.field { fields.insert(field) } else { fields = .all }
      note(change.journeyID, .updated(fields))
    }
  }
}
