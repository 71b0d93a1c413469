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
  /// How far ahead of this machine's wall clock a received clock may be: a file or snapshot
  /// carrying a clock further ahead is refused (a clock far in the future would win every edit
  /// made anywhere until the wall clocks pass it, and one near the largest integer left no room
  /// for a clock after it).
  static let allowedLead: TimeInterval = 24 * 60 * 60

  /// The clock of a batch committed at `date`, after `last`, the largest clock known here. A
  /// `last` at the largest integer (a file an older roadtrip accepted can have left it) gives
  /// that clock again rather than overflow. A `last` far ahead is kept, not lowered: this
  /// replica's later writes must carry larger clocks than its earlier ones, or a receiver would
  /// keep the earlier value; its files wait at the others until their clocks are no longer
  /// ahead (`ReceivedBounds`).
  static func stamp(_ date: Date, after last: Int64) -> Int64 {
    max(clock(of: date), last == .max ? last : last + 1)
  }

  /// The largest clock received from the remote that is not refused, when this machine's wall
  /// clock says `now`.
  static func latestAccepted(at now: Date) -> Int64 {
    clock(of: now.addingTimeInterval(allowedLead)) | 0xFFFF
  }

  /// The clock of the first write at `date` (its counter 0); a date before 1970 is 1970's.
  private static func clock(of date: Date) -> Int64 {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
    // 47 bits of milliseconds (the sign's bit left alone) reach the year 6429: no wall clock
    // is further.
    return Int64(min(max(milliseconds, 0), Double((1 << 47) - 1))) << 16
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
