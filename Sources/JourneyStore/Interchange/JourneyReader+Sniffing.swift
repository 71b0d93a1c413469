extension JourneyReader {
  /// The format the first bytes of the input look like (`InterchangeFormat.sniffed`), reading as
  /// many as it takes: up to the end of the first line, at most one record's size.
  /// - Throws: `InterchangeError.unreadable` when reading fails.
  /// Notes in `isFormatUnrecognised` whether the bytes looked like no format.
  func sniffedFormat() throws(InterchangeError) -> InterchangeFormat {
    var format = InterchangeFormat.ndjson
    while true {
      if let sniffed = InterchangeFormat.sniffed(from: input.buffer[input.position...], isComplete: input.isAtEnd) {
        format = sniffed
        break
      }
      guard input.pendingCount <= maximumRecordSize, try input.readMore(maximumPending: maximumRecordSize + 1) else {
        break
      }
    }
    isFormatUnrecognised = format == .ndjson && !InterchangeFormat.startsAnObject(input.buffer[input.position...])
    return format
  }

  /// The separator of CSV fields: the one given, else the one the header line (the first that
  /// is not empty, from `start` on) has most of; decided once, at the header.
  /// - Throws: `.incomplete` when the header line is not all in `bytes` yet.
  func csvSeparator(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(JSONScanner.Failure) -> UInt8 {
    if let delimiter { return UInt8(truncatingIfNeeded: delimiter.value) }
    let separator: UInt8
    if let given = options.delimiter {
      separator = UInt8(truncatingIfNeeded: given.value)
    } else {
      var lineStart = start
      while lineStart < bytes.count, bytes[lineStart] == 0x0A || bytes[lineStart] == 0x0D { lineStart += 1 }
      separator = try CSVScanner.mostFrequentSeparator(
        inLineOf: UnsafeBufferPointer(rebasing: bytes[lineStart...]), isFinal: input.isAtEnd,
        among: Options.delimiters.map { UInt8($0.value) })
    }
    delimiter = Unicode.Scalar(separator)
    return separator
  }
}
