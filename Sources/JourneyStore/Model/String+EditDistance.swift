extension String {
  /// The Levenshtein distance between two strings, counted in characters.
  func editDistance(to other: String) -> Int {
    let source = Array(self), target = Array(other)
    guard !source.isEmpty, !target.isEmpty else { return Swift.max(source.count, target.count) }
    var previous = Array(0...target.count)
    var current = previous
    for (i, sourceCharacter) in source.enumerated() {
      current[0] = i + 1
      for (j, targetCharacter) in target.enumerated() {
        let substitution = previous[j] + (sourceCharacter == targetCharacter ? 0 : 1)
        current[j + 1] = Swift.min(substitution, previous[j + 1] + 1, current[j] + 1)
      }
      swap(&previous, &current)
    }
    return previous[target.count]
  }

  /// The value whose name is nearest to this string, when it is near enough to be a likely typo
  /// or starts with or contains this string (at least 3 characters of it, as `run` in
  /// `walkorrun`): what a "did you mean" offers.
  /// - Parameter candidates: The names to choose from, each with the value to return for it.
  /// - Returns: The nearest candidate's value, or `nil` when none is near.
  public func nearest<Value>(among candidates: [(name: String, value: Value)]) -> Value? {
    if count >= 3, let completion = candidates.first(where: { $0.name.hasPrefix(self) })
      ?? candidates.first(where: { $0.name.contains(self) }) {
      return completion.value
    }
    let length = count
    let limit = Swift.max(2, length / 3)
    // Two strings are at least their difference in length apart: a candidate further than the
    // limit in length is left out before its distance is worked out.
    return candidates
      .filter { abs($0.name.count - length) <= limit }
      .map { (value: $0.value, distance: editDistance(to: $0.name)) }
      .filter { $0.distance <= limit }
      .min { $0.distance < $1.distance }?
      .value
  }
}
