/// A write carried by a received file, and what the file's writer had seen.
struct ReceivedWrite {
  /// The batch's clock.
  let hlc: Int64
  /// The writing replica's id and number here.
  let replica: String
  let by: Int64
  /// The file that carries it.
  let seq: Int64
  /// The file's version vector.
  let vector: [String: Int64]

  /// Whether the writer had seen the write that set `register` when it wrote this: the
  /// register's write is in an earlier batch of its own (or this file), or in a file its vector
  /// covers. A write it had not seen is concurrent with it.
  func hasSeen(_ register: Register, writtenBy writer: String?) -> Bool {
    guard register.hlc != 0, let writer else { return true }
    if writer == replica { return register.seq <= seq }
    return (vector[writer] ?? 0) >= register.seq
  }

  /// Whether this write wins over the one that set `register`, written by `writer`: the larger
  /// clock, the larger replica id on a tie; a later write of the same batch wins.
  func wins(over register: Register, writtenBy writer: String?) -> Bool {
    guard register.hlc != 0, let writer else { return true }
    if hlc != register.hlc { return hlc > register.hlc }
    return replica >= writer
  }

  func register(_ value: DatabaseValue) -> Register {
    Register(value: value, hlc: hlc, by: by, seq: seq)
  }
}
