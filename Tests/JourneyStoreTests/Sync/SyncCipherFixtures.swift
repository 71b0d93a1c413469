@testable import JourneyStore

/// Ciphers for the sync tests, made once: each derives a key with scrypt (N = 2^15), which takes
/// a good part of a second in a debug build.
enum SyncCipherFixtures {
  /// A secret whose bytes no error or output may show.
  static let secretText = "correct horse battery staple 7f3a9c"
  static let secret = try! SyncSecret(bytes: Array(secretText.utf8)[...], source: "test")
  static let otherSecret = try! SyncSecret(
    bytes: Array("another secret".utf8)[...], source: "test")

  /// A new remote's cipher for `secret`.
  static let cipher = try! SyncCipher(newRemoteWith: secret)
  /// A new remote's cipher for `otherSecret`.
  static let otherCipher = try! SyncCipher(newRemoteWith: otherSecret)

  /// A change file's name on a remote.
  static let name = "replicas/6f1c2a3e-0b4d-4e5f-8a9b-0c1d2e3f4a5b/000000042.rtc"

  /// Bytes that look like a change file's, with text a reader would recognise.
  static func plainBytes(count: Int) -> [UInt8] {
    let text = Array(#"{"id":"aaaa1","name":"Coast road","transport":"car"}"#.utf8)
    return (0..<count).map { text[$0 % text.count] }
  }
}
