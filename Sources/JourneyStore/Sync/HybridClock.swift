#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A hybrid logical clock (SYNC.md, "The clock"): 48 bits of milliseconds since 1970 and 16 bits
/// of counter in one integer, so that clocks compare as integers. A clock given here is past
/// every clock this replica has given or received, so a write made after seeing another always
/// carries a larger clock, whatever the wall clocks say.
enum HybridClock {
  /// The clock of a batch committed at `date`, after `last`, the largest clock known here.
  static func stamp(_ date: Date, after last: Int64) -> Int64 {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    return max(max(milliseconds, 0) << 16, last + 1)
  }

  /// The wall-clock time a clock says, for people: the date nearest its millisecond, whose
  /// ISO 8601 text ends at it (`.866Z`; counted from 1970 and moved to `Date`'s reference date,
  /// it read `.8659999Z`).
  static func date(of clock: Int64) -> Date {
    Date(timeIntervalSinceReferenceDate: Double((clock >> 16) - referenceDateMilliseconds) / 1000)
  }

  /// `Date`'s reference date (2001-01-01) in milliseconds since 1970.
  private static let referenceDateMilliseconds: Int64 = 978_307_200_000
}
