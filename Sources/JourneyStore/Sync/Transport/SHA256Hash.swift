import Crypto

/// SHA-256 of a text, as lowercase hexadecimal: the stable name of a remote's clone folder
/// (`printf %s URL | sha256sum` gives the same). swift-crypto's, which sync's encryption links
/// already.
enum SHA256Hash {
  /// The hash of `text`'s UTF-8 bytes, as 64 hexadecimal digits.
  static func hex(of text: String) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(2 * SHA256.byteCount)
    for byte in SHA256.hash(data: Array(text.utf8)) {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: hex, as: UTF8.self)
  }
}
