extension SyncEncryption {
  /// The name of the key derivation function in `roadtrip-remote.json`.
  static let scrypt = "scrypt"
  /// What a new remote uses: N = 2^15, r = 8, p = 1 (32 MiB, tens of milliseconds), a salt of
  /// 16 bytes.
  static let newCost = 1 << 15
  static let newBlockSize = 8
  static let newParallelism = 1
  static let newSaltCount = 16

  /// The limits of what a remote may ask for: at most 256 MiB of memory (128·N·r bytes) and 16
  /// times a new remote's work (N·r·p); r at most 16, which swift-crypto's memory bound allows.
  static let memoryLimit = 1 << 21
  static let workLimit = 1 << 22

  /// What is wrong with these parameters, or `nil`.
  var problem: String? {
    guard cost >= Self.newCost, cost.nonzeroBitCount == 1 else {
      return "has n = \(cost); this roadtrip uses a power of two of at least \(Self.newCost)"
    }
    guard (1...16).contains(blockSize), (1...16).contains(parallelism) else {
      return "has r = \(blockSize), p = \(parallelism); this roadtrip uses 1 to 16 for each"
    }
    // cost ≤ 2^22 first: the products below cannot overflow.
    guard cost <= Self.workLimit, cost * blockSize <= Self.memoryLimit,
      cost * blockSize * parallelism <= Self.workLimit
    else {
      return "asks for n = \(cost), r = \(blockSize), p = \(parallelism), more memory or work "
        + "than this roadtrip gives a key"
    }
    guard (16...64).contains(salt.count) else {
      return "has a salt of \(salt.count) bytes; this roadtrip uses 16 to 64"
    }
    guard check.count == SyncKey.checkCount else {
      return "has a key check value of \(check.count) bytes; this roadtrip uses "
        + "\(SyncKey.checkCount)"
    }
    return nil
  }
}
