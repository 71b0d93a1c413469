#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why reverting a batch would overwrite a newer change, so `undo` or `redo` refused.
public struct RevertConflict: Equatable, Sendable {
  /// The journey concerned.
  public let journeyID: UUID
  /// The field a later command changed, when it is one field.
  public let field: JourneyField?
  /// What happened to the journey since.
  public let reason: Reason
}

extension RevertConflict {
  /// What happened since the batch being reverted.
  public enum Reason: Equatable, Sendable {
    /// A later command changed the field; it now holds `current`.
    case changedSince(current: String)
    /// A later command deleted the journey.
    case deletedSince
    /// A journey with the id exists again (the batch deleted it; an import brought it back).
    case existsAgain
  }
}

extension RevertConflict: CustomStringConvertible {
  public var description: String {
    let journey = "journey \(journeyID.lowercasedText.prefix(8))"
    switch reason {
    case .changedSince(let current):
      return "\(journey): \(field?.name ?? "a field") was changed since by a later command (it is now '\(current)')"
    case .deletedSince:
      return "\(journey) was deleted since by a later command"
    case .existsAgain:
      return "\(journey) exists again"
    }
  }
}
