#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a received change file or snapshot may claim (SYNC.md, "Receiving and merging"): checked
/// as it is read, before anything of it is merged or raises the version vector.
///
/// - A clock no further ahead of this machine's wall clock than `HybridClock.allowedLead`.
/// - A version vector that names only files that exist: for each replica, a seq no larger than
///   the newest file of it the remote lists (compaction keeps every replica's newest file) or
///   than this replica has applied or written; the file's own writer, a seq before the file's.
struct ReceivedBounds {
  /// The remote's files, each replica's seqs in ascending order.
  let listing: [String: [Int64]]
  /// The largest clock accepted.
  let latestClock: Int64

  init(listing: [String: [Int64]], now: Date = Date()) {
    self.listing = listing
    latestClock = HybridClock.latestAccepted(at: now)
  }

  /// Refuses a clock of a file or snapshot written by `replica` that is too far ahead.
  /// - Throws: `ChangeFileError.malformed`, naming the replica and the repair.
  func check(clock: Int64, writtenBy replica: String) throws {
    guard clock > latestClock else { return }
    let hours = Int(HybridClock.allowedLead / 3600)
    throw ChangeFileError.malformed(
      "its clock says \(HybridClock.date(of: clock).iso8601), more than \(hours) hours ahead of "
        + "this machine's: replica \(replica)'s clock runs ahead (or this machine's behind); it is "
        + "applied once it is no longer more than \(hours) hours ahead")
  }

  /// Refuses a version vector that claims files the remote does not hold: `seen` is what this
  /// replica applied or wrote; `writer` and `seq` name the change file that carries the
  /// vector (`nil` for a snapshot's).
  /// - Throws: `ChangeFileError.malformed`, naming the replica whose files it claims.
  func check(
    vector: [String: Int64], seen: [String: Int64], writer: String? = nil, seq: Int64 = 0
  ) throws {
    for (replica, claimed) in vector {
      guard UUID(text: replica.utf8)?.lowercasedText == replica else {
        throw ChangeFileError.malformed(
          "its version vector names a replica whose id is not a lowercase UUID")
      }
      let held =
        replica == writer ? seq - 1 : max(listing[replica]?.last ?? 0, seen[replica] ?? 0)
      if claimed < 0 {
        throw ChangeFileError.malformed(
          "it claims a negative number of files of replica \(replica)")
      }
      if claimed > held {
        throw ChangeFileError.malformed(
          "it claims replica \(replica)'s files up to \(claimed), and the remote holds them only "
            + "up to \(held): it was not written by roadtrip, or a file-sync engine has not copied "
            + "replica \(replica)'s files here yet (the next sync applies it then)")
      }
    }
  }
}
