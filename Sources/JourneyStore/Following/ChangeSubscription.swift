/// The changes by others that one `OutsideChanges` sequence has yet to hand over: every
/// `refresh()` of its database, whoever calls it, adds what it took in, so that every sequence
/// gets every change from the moment it was made, and none takes changes from another.
final class ChangeSubscription {
  /// The changes of each `refresh()` that took some in, oldest first.
  var pending: [[JourneyChange]] = []
}
