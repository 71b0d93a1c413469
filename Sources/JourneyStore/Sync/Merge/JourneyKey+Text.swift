#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyKey {
  /// The id's text, a lowercase UUID: written from the two integers straight into the string's
  /// 36 bytes, eight digits at a time (`UUID.writeLowercasedText`; `UUID.lowercasedText` makes
  /// an array first, and a sync makes one for every journey whose registers it saves).
  var lowercasedText: String {
    String(unsafeUninitializedCapacity: 36) { text in
      UUID.writeLowercasedText(high: high, low: low, into: UnsafeMutableRawBufferPointer(text))
      return 36
    }
  }
}
