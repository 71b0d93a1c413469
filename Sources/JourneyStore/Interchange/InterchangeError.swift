/// Input that an import cannot read: malformed text, or a record whose values are not a journey.
public enum InterchangeError: Error, Equatable, Sendable {
  /// A record that is not well-formed or not a valid journey, at a line of the input (counted
  /// from 1); `reason` says what is wrong.
  case malformed(line: Int, reason: String)
  /// The input could not be read; `reason` is the system's explanation.
  case unreadable(String)
}

extension InterchangeError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .malformed(let line, let reason): "line \(line): \(reason)"
    case .unreadable(let reason): "cannot read the input: \(reason)"
    }
  }
}
