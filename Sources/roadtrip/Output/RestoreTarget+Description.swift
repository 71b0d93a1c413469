import JourneyStore

extension JourneyDatabase.RestoreTarget {
  /// What restoring into the database at `path` does to it, for the question asked first:
  /// "replace the 14 journeys and the history (9 batches) of f1.sqlite".
  func replacement(of path: String) -> String {
    switch self {
    case .missing:
      return "create \(path)"
    case .empty:
      return "fill the empty database \(path)"
    case .journeys(let journeyCount, let batchCount):
      return "replace the \(String(counting: journeyCount, "journey")) and the history "
        + "(\(String(counting: batchCount, "batch", plural: "batches"))) of \(path)"
    case .unreadable:
      return "replace every journey and the history of \(path)"
    }
  }
}
