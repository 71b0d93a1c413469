import ArgumentParser
import JourneyStore

/// Transportation types are arguments as they are: help lists the eight slugs with their titles,
/// and shell completion offers them.
extension TransportationType: ExpressibleByArgument {
  /// Reads a type the way `TransportationType(parsing:)` does: slug, Swift case name or title,
  /// ignoring case.
  public init?(argument: String) {
    guard let type = try? TransportationType(parsing: argument) else { return nil }
    self = type
  }

  /// The slug, as help shows a default value.
  public var defaultValueDescription: String {
    rawValue
  }

  /// Each slug with its title and the original app's icon name, for help.
  public static var allValueDescriptions: [String: String] {
    Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, "\($0.description) (\($0.iconName))") })
  }
}
