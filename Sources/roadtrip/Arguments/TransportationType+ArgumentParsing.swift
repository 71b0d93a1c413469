import ArgumentParser
import JourneyStore

extension TransportationType {
  /// Reads a type argument with `TransportationType(parsing:)`, for `@Option(transform:)`: a near
  /// miss gets ArgumentParser's "invalid value" message followed by the library's, which lists
  /// the slugs and suggests the nearest one (`bicycle`: did you mean `bike`?).
  @Sendable static func argument(_ text: String) throws -> TransportationType {
    try TransportationType(parsing: text)
  }

  /// Shell completion of a type argument: the eight slugs.
  static var completion: CompletionKind {
    .list(allValueStrings)
  }
}

extension ArgumentHelp {
  /// Help for a transportation-type argument: `abstract`, then each slug with its title and icon.
  static func transportationType(_ abstract: String) -> ArgumentHelp {
    ArgumentHelp(abstract, valueName: "type", argumentType: TransportationType.self)
  }
}
