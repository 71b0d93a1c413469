import Foundation
import GRDB

/// A journey as a GRDB user would write it: a Codable struct that is a persistable record.
struct JourneyRecord {
  var id: UUID
  var name: String
  var transportationType: String
  var startDate: Date
  var duration: TimeInterval
}

extension JourneyRecord: Codable, PersistableRecord {
  static let databaseTableName = "journey"

  /// Dates as REAL seconds, as every other variant stores them (GRDB's default is text).
  static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
    .timeIntervalSinceReferenceDate
  }
}
