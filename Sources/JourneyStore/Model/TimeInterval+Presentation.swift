#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TimeInterval {
  /// A duration as people write it, in days, hours, minutes and seconds, leaving out the units
  /// that are zero: `1h 30m`, `45m`, `2d 3h`, `1m 30.5s`, `0s`.
  ///
  /// Fractions of a second are rounded to the millisecond. `roadtrip set … duration=` reads the
  /// text back. Any `Double` has a description, also one no journey can have, as another program
  /// may store it: a negative or non-finite one (`nans`, `-1s`), and one too large for whole
  /// milliseconds in an `Int64`, as Swift writes the number (`1e+300s`).
  public var durationDescription: String {
    let milliseconds = (self * 1000).rounded()
    guard milliseconds >= 0, milliseconds < 9e15 else { return String(self) + "s" }
    var rest = Int64(milliseconds)
    var parts: [String] = []
    for (symbol, size) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000)] where rest >= size {
      parts.append(String(rest / size) + symbol)
      rest %= size
    }
    if rest > 0 || parts.isEmpty {
      var seconds = String(rest / 1000)
      if rest % 1000 > 0 {
        var fraction = String(rest % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        seconds += "." + fraction
      }
      parts.append(seconds + "s")
    }
    return parts.joined(separator: " ")
  }
}
