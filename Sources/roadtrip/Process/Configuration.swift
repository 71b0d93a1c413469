import JourneyStore

/// The settings of this process: the settings file (`ConfigFile`) as it was when the command
/// started, read once. A line it cannot use is named on standard error with its line number,
/// once, and its setting keeps its default: a broken file never stops a command.
enum Configuration {
  /// The settings file, read on first use; its problems are said then.
  static let file: ConfigFile? = {
    guard let path = ConfigFile.defaultPath else { return nil }
    let file = ConfigFile(path: path)
    for problem in file.problems {
      StandardError.write("roadtrip: warning: \(problem)\n")
    }
    return file
  }()

  /// The value set for `key`, checked; `nil` when it is not set.
  static func value(_ key: ConfigKey) -> String? {
    file?.values[key]
  }

  /// The type of a new journey: `default.transport`, else a car.
  static var transport: TransportationType {
    value(.transport).flatMap { try? TransportationType(parsing: $0) } ?? .car
  }

  /// The duration of a new journey as typed: `default.duration`, else an hour.
  static var durationText: String {
    value(.duration) ?? "1h"
  }

  /// The first day of the week, 0 for Sunday: `week.start`, else Monday.
  static var firstWeekday: Int {
    value(.weekStart).flatMap { ConfigKey.weekdays.firstIndex(of: $0) } ?? 1
  }
}
