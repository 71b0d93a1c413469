/// SHA-256 (FIPS 180-4) of some bytes, as lowercase hexadecimal: the stable name of a remote's
/// clone folder (`printf %s URL | sha256sum` gives the same).
enum SHA256Hash {
  /// The hash of `text`'s UTF-8 bytes, as 64 hexadecimal digits.
  static func hex(of text: String) -> String {
    hash(of: Array(text.utf8)).map { word in
      let digits = String(word, radix: 16)
      return String(repeating: "0", count: 8 - digits.count) + digits
    }.joined()
  }

  /// The eight 32-bit words of the hash of `bytes`.
  static func hash(of bytes: [UInt8]) -> [UInt32] {
    var message = bytes + [0x80]
    message += [UInt8](repeating: 0, count: (120 - message.count % 64) % 64)
    let bits = UInt64(bytes.count) &* 8
    message += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> ($0 * 8)) }
    var state = initialState
    for start in stride(from: 0, to: message.count, by: 64) {
      compress(&state, block: message[start..<start + 64])
    }
    return state
  }

  private static func compress(_ state: inout [UInt32], block: ArraySlice<UInt8>) {
    var w = [UInt32](repeating: 0, count: 64)
    for i in 0..<16 {
      let at = block.startIndex + i * 4
      w[i] = block[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    for i in 16..<64 {
      let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
      let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
      w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
    }
    var v = state
    for i in 0..<64 {
      let s1 = rotate(v[4], 6) ^ rotate(v[4], 11) ^ rotate(v[4], 25)
      let choice = (v[4] & v[5]) ^ (~v[4] & v[6])
      let t1 = v[7] &+ s1 &+ choice &+ roundConstants[i] &+ w[i]
      let s0 = rotate(v[0], 2) ^ rotate(v[0], 13) ^ rotate(v[0], 22)
      let majority = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2])
      v = [t1 &+ s0 &+ majority, v[0], v[1], v[2], v[3] &+ t1, v[4], v[5], v[6]]
    }
    for i in 0..<8 { state[i] = state[i] &+ v[i] }
  }

  private static func rotate(_ word: UInt32, _ count: UInt32) -> UInt32 {
    word >> count | word << (32 - count)
  }

  /// The fractional parts of the square roots of the first 8 primes.
  private static let initialState: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
    0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]

  /// The fractional parts of the cube roots of the first 64 primes.
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}
