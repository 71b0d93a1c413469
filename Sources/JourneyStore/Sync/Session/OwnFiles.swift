/// This replica's files on the remote, checked against the files it recorded writing
/// (`sync_sent`: each file's digest, its size, and its bytes until the remote holds it), before
/// it sends (SYNC.md, "Copies of a database" and "Lost and damaged files").
///
/// - A file under this replica's id that it did not write, or that holds another file than the
///   one it wrote, and that opens as a change file of this replica (with the secret, under its
///   name), is the mark of a copy of the database, as is such a file in a file-sync engine's
///   conflict copy of one of its names (two machines wrote the same name).
/// - One that does not open is no such mark: anyone who can write to the remote can put a file
///   there (on an encrypted remote, a copy of a sealed file under another name). A file it did
///   not write is refused by name; one it did write, cut short or changed, is damaged.
/// - A file it wrote that is damaged, or missing, is sent again.
///
/// Cheap when nothing is wrong: a confirmed file is checked by its size and its time (without
/// reading it), and read only when its size differs, it was written over after it was added
/// (`writtenOver`), or a conflict copy of its name is there.
struct OwnFiles {
  /// The files this replica recorded writing.
  let records: SentFiles
  let folder: RemoteFolder
  let sealing: any SyncFileSealing
  /// This replica's id.
  let replica: String

  /// What the check found.
  struct Findings {
    /// The first seq of this replica's id that a copy of the database wrote: `nil` when none.
    var copiedFrom: Int64?
    /// The files under this replica's id that it did not write and that do not open as its,
    /// by path inside the remote, and why they are refused.
    var refused: [SyncSummary.RefusedFile] = []
    /// The files this replica wrote that are lost on the remote, by seq: `true` for one that is
    /// there but damaged (to be replaced), `false` for one that is missing.
    var lost: [Int64: Bool] = [:]
    /// The files this replica wrote and has not seen on the remote yet (their bytes pending)
    /// whose names hold a file that does not open as its: replaced by its own.
    var taken: Set<Int64> = []
    /// The sizes of files written before schema version 11, found whole: recorded, so that the
    /// next sync checks them by their size.
    var sizes: [Int64: Int] = [:]
    /// This replica's own files found whole where a conflict copy displaced them, by seq, as
    /// they are before sealing.
    var displaced: [Int64: [UInt8]] = [:]
  }

  /// Checks the files of this replica's id the remote lists (`present`, their seqs).
  /// - Parameter compacted: Whether a sound snapshot on the remote covers this replica's file
  ///   of that seq: a compaction removes a replica's oldest files (never its newest, never one
  ///   after a file it keeps) once a snapshot covers them, so a missing oldest file that no
  ///   snapshot covers is lost, not compacted.
  func check(present: [Int64], compacted: (Int64) throws -> Bool) throws -> Findings {
    let sent = try records.all()
    var findings = Findings()
    var copied: [Int64] = []
    let copies = try folder.conflictCopies(of: replica)
    for copy in copies {
      // Sealed under the name it was written as.
      guard let bytes = try folder.read(copy.name),
        let opened = ownFile(bytes, name: ChangeFile.name(replica: replica, seq: copy.seq))
      else { continue }
      if let mine = sent[copy.seq], FileDigest.of(opened) == mine.digest {
        findings.displaced[copy.seq] = opened
      } else {
        copied.append(copy.seq)
      }
    }
    let conflicted = Set(copies.map(\.seq))
    let overhead = sealing is PlainFiles ? 0 : SealedFile.overhead
    let ownFolder = try folder.status(of: "replicas/" + replica)
    for seq in present {
      let name = ChangeFile.name(replica: replica, seq: seq)
      guard let mine = sent[seq] else {
        guard let bytes = try folder.read(name) else { continue }
        if ownFile(bytes, name: name) != nil {
          copied.append(seq)
        } else {
          findings.refused.append(.init(name: name, reason: Self.notOurs))
        }
        continue
      }
      if !mine.isPending, !conflicted.contains(seq), let size = mine.size,
        let status = try folder.status(of: name), status.size == size + overhead,
        !Self.writtenOver(status, in: ownFolder)
      {
        continue
      }
      guard let bytes = try folder.read(name) else {
        if !mine.isPending { findings.lost[seq] = false }
        continue
      }
      if Self.holds(bytes, name: name, digest: mine.digest, sealing: sealing) {
        if mine.size == nil { findings.sizes[seq] = bytes.count - overhead }
        continue
      }
      if ownFile(bytes, name: name) != nil {
        copied.append(seq)
      } else if mine.isPending {
        findings.taken.insert(seq)
      } else {
        findings.lost[seq] = true
      }
    }
    let listed = Set(present)
    let newest = sent.keys.max()
    let oldestListed = present.min() ?? .max
    for (seq, mine) in sent where !mine.isPending && !listed.contains(seq) {
      let removedByCompaction = try seq < oldestListed && seq != newest && compacted(seq)
      if !removedByCompaction { findings.lost[seq] = false }
    }
    findings.copiedFrom = copied.min()
    return findings
  }

  /// Whether a file of this replica's was written since its folder last changed (`folder`): it
  /// was written over where it lies, as a file this replica writes never is. This replica adds
  /// a file to its folder after writing its bytes (a temporary file linked into place), so the
  /// folder changes after every file it added was written; bytes written over in place (a
  /// program, a damaged disk's driver) make the file newer than its folder. A file replaced by
  /// another (renamed into place, or written anew by git) changes the folder too, and is told
  /// by its size only. git creates a file, then writes it: the last file it created in the
  /// folder may look newer by a tick of the clock, and is then read for nothing, until the
  /// folder next changes.
  static func writtenOver(
    _ file: RemoteFolder.FileStatus, in folder: RemoteFolder.FileStatus?
  ) -> Bool {
    guard let folder else { return false }
    return file.isModified(after: folder)
  }

  /// Why a file under this replica's id that it did not write, and that does not open as its,
  /// is refused.
  static let notOurs =
    "this replica did not write it, and it does not open as a change file of this replica "
    + "(it was changed, cut short, or sealed for another name or key): it is no copy of this "
    + "database, which keeps its id; nothing of it was applied; remove it"

  /// Whether `bytes` are a change file of this replica's under `name`: they open with the
  /// remote's sealing, and their frame (its digest) and header say so.
  private func ownFile(_ bytes: [UInt8], name: String) -> [UInt8]? {
    guard let seq = RemoteFolder.seq(ofFileNamed: String(name.split(separator: "/").last ?? "")),
      let opened = try? sealing.open(bytes, name: name),
      (try? ChangeFile.batches(decoding: opened, replica: replica, seq: seq)) != nil
    else { return nil }
    return opened
  }

  /// Whether a file on the remote holds this replica's file of `digest`: the digest of its
  /// bytes as they are (an older roadtrip's, sealed), or as they open.
  static func holds(
    _ bytes: [UInt8], name: String, digest: [UInt8], sealing: any SyncFileSealing
  ) -> Bool {
    FileDigest.of(bytes) == digest
      || (try? sealing.open(bytes, name: name)).map { FileDigest.of($0) == digest } == true
  }

  /// This replica's file `seq`, as it is before sealing, when the remote holds it as written.
  func bytesOnRemote(seq: Int64, digest: [UInt8]) throws -> [UInt8]? {
    let name = ChangeFile.name(replica: replica, seq: seq)
    guard let bytes = try folder.read(name), let opened = try? sealing.open(bytes, name: name),
      FileDigest.of(opened) == digest
    else { return nil }
    return opened
  }
}
