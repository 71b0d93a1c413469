import ArgumentParser
import JourneyStore

/// `--next`, `--previous` or `--random`: a new transportation type chosen from each journey's own.
enum TypeStep: String, EnumerableFlag {
  case next, previous, random
}

extension TypeStep {
  static func help(for value: TypeStep) -> ArgumentHelp? {
    switch value {
    case .next: "Change to the next type in the picker's order (after light-rail comes walk-or-run)."
    case .previous: "Change to the previous type in the picker's order."
    case .random: "Change to a random type other than the current one."
    }
  }
}

extension TypeStep {
  /// The type a journey of type `type` changes to.
  func type(after type: TransportationType) -> TransportationType {
    let all = TransportationType.allCases
    let index = all.firstIndex(of: type) ?? all.startIndex
    switch self {
    case .next: return all[(index + 1) % all.count]
    case .previous: return all[(index + all.count - 1) % all.count]
    case .random: return all.filter { $0 != type }.randomElement() ?? type
    }
  }
}
