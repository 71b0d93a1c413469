/// A 128-bit digest of a change file's bytes (two FNV-1a hashes of 64 bits, with different
/// offsets): what tells a file this replica wrote from one a copy of its database wrote under the
/// same name. Not a defence against tampering (encryption's authentication is).
enum FileDigest {
  /// The digest's size in bytes.
  static let size = 16

  /// The digest of `bytes` where they lie (a received file's bytes before its digest were
  /// copied to be hashed: 8 MB more, for a file of 100,000 renames).
  static func of(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x6c62_272e_07bb_0142
    bytes.withUnsafeBufferPointer { bytes in
      for byte in bytes {
        first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        second = (second ^ UInt64(byte ^ 0x5a)) &* 0x0000_0100_0000_01b3
      }
    }
    return (0..<8).map { UInt8(truncatingIfNeeded: first >> (8 * $0)) }
      + (0..<8).map { UInt8(truncatingIfNeeded: second >> (8 * $0)) }
  }

  static func of(_ bytes: [UInt8]) -> [UInt8] {
    of(bytes[...])
  }
}
