import JourneyStore

/// What the browser is doing, and so what the keys do.
enum BrowseMode: Equatable {
  /// Moving through the list.
  case list
  /// The editor on the selected journey.
  case editing
  /// Typing the search: the list keeps the journeys whose names contain it.
  case searching
  /// Typing the name of a journey to add.
  case naming
  /// Asking "Sure?" before deleting the selected journey.
  case confirmingDelete
  /// Asking "Sure?" before an undo or redo that changes more than one journey.
  case confirmingRevert(RevertPreview)
  /// Showing every key.
  case help
}
