import Foundation
import GRDB

/// A journey as a GRDB user would write it for roadtrip's own `journey` table: the columns are
/// snake case and the id is lowercase text, as the table's CHECK requires.
struct StoreSchemaJourneyRecord {
  var id: String
  var name: String
  var transportationType: String
  var startDate: Date
  var duration: TimeInterval
}

extension StoreSchemaJourneyRecord: Codable, PersistableRecord {
  static let databaseTableName = "journey"

  enum CodingKeys: String, CodingKey {
    case id, name, duration
    case transportationType = "transportation_type"
    case startDate = "start_date"
  }

  /// Dates as REAL seconds since 2001, as roadtrip stores them.
  static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
    .timeIntervalSinceReferenceDate
  }
}

/// An `insert` row of roadtrip's change log, as a GRDB record.
struct StoreSchemaChangeRecord: Codable, PersistableRecord {
  static let databaseTableName = "change"

  var batch: Int64
  var journey: String
  var kind = "insert"
}
