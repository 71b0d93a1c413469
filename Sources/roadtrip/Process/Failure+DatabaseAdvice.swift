import JourneyStore

extension Failure {
  /// The command line's words for a library error whose message speaks of the library
  /// (`upgradeSchema()`, `checkIntegrity()`): what it said, with the commands that do the same;
  /// `nil` for the errors said as the library says them.
  static func commandLineAdvice(for error: JourneyDatabaseError) -> String? {
    switch error {
    case .newerSchema(let path, let version, let supported):
      return "\(path) has schema version \(version), newer than this roadtrip knows (\(supported)); "
        + "upgrade roadtrip to use it"
    case .needsMigration(let path, let version):
      return "\(path) has the older schema version \(version), and its change log is read at version "
        + "\(JourneyDatabase.currentSchemaVersion): 'roadtrip db migrate' upgrades it, as any command that writes does"
    case .invalidSchemaVersion:
      return error.description + " with 'roadtrip db restore FILE'"
    case .damagedSchema(let path, let problems):
      return "the schema of \(path) is damaged (\(problems.joined(separator: "; "))): another program changed "
        + "roadtrip's tables, and nothing was written. 'roadtrip db check' lists what is wrong; 'roadtrip export' "
        + "still reads the journeys when only the change log is damaged; or restore a backup"
    case .unreadableValue(let id, let field, let value):
      return "journey \(id) holds a \(field) roadtrip cannot read (\(value), written by another program); "
        + "'roadtrip set \(id.prefix(8)) \(field)=…' repairs it, and 'roadtrip db check' lists every such journey"
    case .foreignID:
      return error.description + ", and 'roadtrip db check' lists every such journey"
    default:
      return nil
    }
  }
}

extension JourneyValidationError {
  /// What the database refused, in the words the command line used when SQLite's CHECK
  /// constraints refused it: `CommandError.refusedValue` says the rest.
  var refusedValueDescription: String {
    rule == .endsWithinCalendar ? "end date after the year 9999" : "the \(field.name) \(value) is not \(rule)"
  }
}
