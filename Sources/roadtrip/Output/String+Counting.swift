extension String {
  /// A count and its noun: "1 journey", "3 journeys", "2 batches" (with `plural: "batches"`).
  init(counting count: Int, _ noun: String, plural: String? = nil) {
    self = "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
  }
}
