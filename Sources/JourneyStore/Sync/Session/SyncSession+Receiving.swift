/// Receiving (SYNC.md, "Receiving and merging"): the other replicas' files, read and checked
/// where they enter (`ReceivedChangeFile`), in causal order, merged journey by journey.
extension SyncSession {
  /// Applies the other replicas' files not applied yet: each replica's in order, stopping at a
  /// gap (a file not arrived yet waits for the next sync), each once every file its vector names
  /// is applied here. A file that cannot be read, or that claims what the remote cannot hold,
  /// is refused by name, and nothing of it or of its replica's later files is applied. The files
  /// to apply are read first, each decoded once into typed changes (`ReceivedChange`, a value
  /// this roadtrip does not store held back there), then the registers of every journey they
  /// name are read at once (`prefetch`, given the bits of their ids, hands back their numbers,
  /// once for each change), then the changes are merged by number in the order of the numbers
  /// (`SyncJourneys` numbers the journeys the files name first in the order of their ids), each
  /// journey's changes in the order of the files, so that the merge walks the registers in the
  /// order they lie (BENCHMARKS.md, P12).
  func receive(
    _ listing: [String: [Int64]], from folder: RemoteFolder, state: inout ReplicaState,
    summary: inout SyncSummary, prefetch: ([JourneyKey]) throws -> [Int],
    merging: (Int, (inout JourneyRegisters) -> Bool) throws -> Void
  ) throws -> RegisterMerge {
    let files = try filesToApply(listing, from: folder, state: &state, summary: &summary)
    let changes = files.count == 1 ? files[0].file.changes : files.flatMap(\.file.changes)
    // The write each batch carries, and each change's batch among them.
    var writes: [ReceivedWrite] = []
    var batchOfChange: [Int32] = []
    batchOfChange.reserveCapacity(changes.count)
    for (replica, seq, by, file) in files {
      var start = 0
      for (header, end) in zip(file.header.batches, file.batchEnds) {
        batchOfChange += repeatElement(Int32(writes.count), count: end - start)
        writes.append(
          ReceivedWrite(
            hlc: header.hlc, replica: replica, by: by, seq: seq, vector: file.header.vector))
        start = end
      }
    }
    let numbers = try prefetch(changes.map(\.journey))
    var merge = RegisterMerge(replicas: state.replicas)
    // The change and its write are read where they lie, in the closure: a copy of either
    // retains every value it holds.
    for (number, index) in Self.inOrder(numbers) {
      let batch = Int(batchOfChange[index])
      try merging(number) {
        merge.merge(
          changes[index].change, journey: changes[index].journey.lowercasedText,
          write: writes[batch], into: &$0)
      }
    }
    return merge
  }

  /// The changes' numbers and indices, in the order of the numbers (`numbers`, one a change,
  /// from 0), a number's changes in their order: a counting sort.
  private static func inOrder(_ numbers: [Int]) -> [(number: Int, change: Int)] {
    guard let largest = numbers.max() else { return [] }
    // Where each number's changes start, then where the next of them goes.
    var next = [Int](repeating: 0, count: largest + 2)
    for number in numbers { next[number + 1] += 1 }
    for number in 0...largest { next[number + 1] += next[number] }
    var order = [(number: Int, change: Int)](repeating: (0, 0), count: numbers.count)
    for (change, number) in numbers.enumerated() {
      order[next[number]] = (number, change)
      next[number] += 1
    }
    return order
  }

  /// The other replicas' files to apply, in the order to apply them (see `receive`), read and
  /// marked applied; `lastHLC` is raised past their clocks, and the values they hold back are
  /// noted in `summary`. A file whose clock is too far ahead, or whose version vector claims
  /// files the remote does not hold (`ReceivedBounds`), is refused by name like one that
  /// cannot be read.
  private func filesToApply(
    _ listing: [String: [Int64]], from folder: RemoteFolder, state: inout ReplicaState,
    summary: inout SyncSummary
  ) throws -> [(replica: String, seq: Int64, by: Int64, file: ReceivedChangeFile)] {
    let bounds = ReceivedBounds(listing: listing)
    var waiting = listing.filter { $0.key != state.id }.mapValues { seqs in seqs }
    for (replica, seqs) in waiting {
      let seen = state.seen[replica] ?? 0
      waiting[replica] = seqs.filter { $0 > seen }
    }
    var files: [(replica: String, seq: Int64, by: Int64, file: ReceivedChangeFile)] = []
    var progress = true
    var decoded: [String: ReceivedChangeFile] = [:]
    while progress {
      progress = false
      for replica in waiting.keys.sorted() {
        while let seq = waiting[replica]?.first {
          // Not `seen + 1`: a version vector an older roadtrip accepted may hold the largest seq.
          guard seq - 1 == state.seen[replica] ?? 0 else {
            summary.heldBackReplicas.append(HeldBackReplica(
              replica: replica,
              file: ChangeFile.name(replica: replica, seq: (state.seen[replica] ?? 0) &+ 1),
              reason: HeldBackReplica.missing))
            waiting[replica] = nil
            break
          }
          let name = ChangeFile.name(replica: replica, seq: seq)
          let file: ReceivedChangeFile
          do {
            file =
              try decoded[name]
              ?? read(name, replica: replica, seq: seq, from: folder, within: bounds, seen: state.seen)
          } catch {
            summary.refusedFiles.append(.init(name: name, reason: Self.reason(error)))
            summary.heldBackReplicas.append(
              HeldBackReplica(replica: replica, file: name, reason: Self.reason(error)))
            waiting[replica] = nil
            break
          }
          decoded[name] = file
          let ready = file.header.vector.allSatisfy { other, seq in
            other == replica || other == state.id || (state.seen[other] ?? 0) >= seq
          }
          guard ready else { break }
          decoded[name] = nil
          files.append((replica, seq, try state.number(of: replica), file))
          for header in file.header.batches { state.lastHLC = max(state.lastHLC, header.hlc) }
          for change in file.changes where !change.heldBack.isEmpty {
            summary.note(change, file: name, replica: replica)
          }
          summary.receivedChanges += file.changes.count
          try state.markSeen(replica, seq: seq)
          waiting[replica]!.removeFirst()
          summary.receivedFiles += 1
          if !summary.receivedFrom.contains(replica) { summary.receivedFrom.append(replica) }
          progress = true
        }
      }
    }
    summary.heldBackReplicas += HeldBackReplica.waiting(waiting, decoded: decoded, seen: state.seen)
    return files
  }

  /// A change file of the remote, opened and decoded where it enters (`ReceivedChangeFile`:
  /// every journey it names must be an id, a lowercase UUID, and its clocks and vector within
  /// `bounds`).
  private func read(
    _ name: String, replica: String, seq: Int64, from folder: RemoteFolder,
    within bounds: ReceivedBounds, seen: [String: Int64]
  ) throws -> ReceivedChangeFile {
    guard let bytes = try folder.read(name) else { throw ChangeFileError.malformed("it is gone") }
    return try ReceivedChangeFile(
      decoding: try sealing.open(bytes, name: name), replica: replica, seq: seq, within: bounds,
      seen: seen)
  }

  /// Why a file of the remote was refused, as a message says it: what came from the remote in
  /// it (a table's name, a replica id) with its control characters escaped.
  static func reason(_ error: any Error) -> String {
    let reason =
      switch error {
      case ChangeFileError.malformed(let reason): reason
      case SyncError.refusedRemoteFile(_, let reason): reason + "; remove it from the remote"
      case let error as SyncError: error.description
      case let error as SyncEncryptionError: error.description
      default: String(describing: error)
      }
    return reason.escapingControlCharacters
  }
}
