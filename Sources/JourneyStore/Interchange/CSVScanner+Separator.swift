extension CSVScanner {
  /// The separator that a header line has most of outside double quotes, among `candidates`:
  /// the first of them when none is more frequent than it.
  /// - Parameters:
  ///   - bytes: The bytes from the start of the line on.
  ///   - isFinal: Whether the input ends with these bytes.
  /// - Throws: `.incomplete` when the line does not end within `bytes` and more may follow.
  static func mostFrequentSeparator<Bytes: Collection<UInt8>>(
    inLineOf bytes: Bytes, isFinal: Bool, among candidates: [UInt8]
  ) throws(JSONScanner.Failure) -> UInt8 {
    var counts = [Int](repeating: 0, count: candidates.count)
    var isQuoted = false
    var isComplete = isFinal
    for byte in bytes {
      if byte == UInt8(ascii: "\"") {
        isQuoted.toggle()
      } else if !isQuoted {
        if byte == UInt8(ascii: "\n") { isComplete = true; break }
        if let index = candidates.firstIndex(of: byte) { counts[index] += 1 }
      }
    }
    guard isComplete else { throw .incomplete }
    var best = 0
    for index in counts.indices where counts[index] > counts[best] { best = index }
    return candidates[best]
  }
}
