import Foundation
import Testing

@testable import JourneyStore

/// roadtrip writes every id as lowercase text (`UUID.withLowercasedText`, eight digits at a time
/// with no branch): it must be Foundation's text in lowercase, for every digit at every place,
/// and read back as the same id.
@Suite("Id text")
struct UUIDTextTests {
  @Test func anIdsTextIsFoundationsInLowercase() throws {
    // Every byte value at every place (each digit at each of the 32), then random ids.
    var ids = (0...255).map { byte in
      UUID(uuid: (byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte,
        byte, byte, byte, byte))
    }
    ids += (0..<2_000).map { _ in UUID.random() }
    ids.append(try #require(UUID(uuidString: "0123456789ABCDEF0123456789ABCDEF".inUUIDShape)))
    ids.append(try #require(UUID(uuidString: "FEDCBA9876543210FEDCBA9876543210".inUUIDShape)))
    for id in ids {
      let text = id.withLowercasedText { String(decoding: $0, as: UTF8.self) }
      #expect(text == id.uuidString.lowercased())
      #expect(id.lowercasedText == text)
      #expect(UUID(lowercasedText: text) == id)
    }
  }
}

extension String {
  /// 32 hexadecimal digits with the dashes of a UUID's text (8-4-4-4-12).
  fileprivate var inUUIDShape: String {
    var text = self
    for offset in [8, 13, 18, 23] {
      text.insert("-", at: text.index(text.startIndex, offsetBy: offset))
    }
    return text
  }
}
