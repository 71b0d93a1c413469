#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyRow {
  /// The journeys that other programs stored in a form roadtrip cannot read as it is, for
  /// `db check`: a value the model cannot hold, or an id that is not a lowercase UUID. The first
  /// ten are named, with how to repair them, and the rest counted.
  static func problems(in connection: Connection) throws -> [String] {
    var problems: [String] = []
    var more = 0
    try connection.forEachRow("SELECT \(columns) FROM journey") { row in
      let id = row.text(at: 0)
      var problem: String?
      if UUID(uuidString: id) == nil || id != id.lowercased() {
        problem = "journey '\(id)' has an id roadtrip does not write (a lowercase UUID); only SQL can repair it"
      } else if let (field, value) = unreadableField(in: fieldValues(of: row)) {
        problem = "journey \(id) holds a \(field.name) roadtrip cannot read (\(value.described)); "
          + "'roadtrip set \(id.prefix(8)) \(field.name)=…' repairs it"
      }
      guard let problem else { return }
      if problems.count < 10 { problems.append(problem) } else { more += 1 }
    }
    if more > 0 { problems.append("and \(more) more journeys like these") }
    return problems
  }
}
