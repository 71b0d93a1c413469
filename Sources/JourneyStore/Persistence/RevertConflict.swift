#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why reverting a batch would overwrite a newer change, so `undo` or `redo` refused.
public struct RevertConflict: Equatable, Sendable {
  /// The journey concerned.
  public let journeyID: UUID
  /// The field concerned, when it is one field.
  public let field: JourneyField?
  /// What happened to the journey since.
  public let reason: Reason
}

extension RevertConflict {
  /// What happened since the batch being reverted.
  public enum Reason: Equatable, Sendable {
    /// The field no longer holds what the batch wrote (another program wrote it, or an earlier
    /// forced undo); it now holds `current`.
    case changedSince(current: String)
    /// The journey is gone.
    case deletedSince
    /// A journey with the id exists again (the batch deleted it; an import brought it back).
    case existsAgain
  }
}

extension RevertConflict: CustomStringConvertible {
  /// The conflict in a sentence, such as `journey 1a2b3c4d: name no longer holds what that
  /// command wrote (it is now 'Renamed')`.
  public var description: String {
    let journey = "journey \(journeyID.lowercasedText.prefix(8))"
    switch reason {
    case .changedSince(let current):
      return "\(journey): \(field?.name ?? "a field") no longer holds what that command wrote (it is now '\(current)')"
    case .deletedSince:
      return "\(journey) was deleted since"
    case .existsAgain:
      return "\(journey) exists again"
    }
  }
}
