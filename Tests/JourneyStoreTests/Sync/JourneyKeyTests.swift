import Foundation
import Testing

@testable import JourneyStore

/// A sync finds, sorts and writes its journeys by their ids' 128 bits (`JourneyKey`): the bits
/// must be the id's, sort as the ids' text does (the order the journeys are written in), and
/// exist only for the text roadtrip writes, so that any other text stays a journey of its own.
@Suite("Journey keys")
struct JourneyKeyTests {
  @Test func aKeyIsItsIdsBitsAndSortsAsTheIdsText() throws {
    var ids = (0..<500).map { _ in UUID.random() }
    ids += [
      try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000000")),
      try #require(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")),
      try #require(UUID(uuidString: "7FFFFFFF-FFFF-FFFF-8000-000000000000")),
      try #require(UUID(uuidString: "80000000-0000-0000-7FFF-FFFFFFFFFFFF")),
    ]
    let keys = try ids.map { try #require(JourneyKey(lowercasedText: $0.lowercasedText)) }
    #expect(zip(keys, ids).allSatisfy { $0.id == $1 && $0 == JourneyKey($1) })
    #expect(keys.map(\.lowercasedText) == ids.map(\.lowercasedText))
    let byText = ids.map(\.lowercasedText).sorted()
    #expect(keys.sorted().map(\.id.lowercasedText) == byText)
    #expect(Set(keys).count == ids.count)
  }

  @Test(arguments: [
    "0B1E5C1A-6F0E-4D47-9A6E-3C2D8F1A0001", "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a000", "not an id",
    "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a00011", "0b1e5c1a6f0e-4d47-9a6e-3c2d8f1a00011", "",
    "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a000g", "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a000/",
    "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a000:", "`b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001",
    "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a000é", "0b1e5c1a-6f0e+4d47-9a6e-3c2d8f1a0001",
  ])
  func textOtherThanALowercaseIdHasNoKey(_ text: String) {
    #expect(JourneyKey(lowercasedText: text) == nil)
  }

  /// The key reads the text in one pass of its own: it must take exactly the texts that
  /// `UUID(lowercasedText:)` takes, and give their bits.
  @Test func aKeyExistsForExactlyTheTextsAnIdIsReadFrom() {
    // The digits, and the bytes around each range of them, with and without the high bit.
    let alphabet =
      Array("0123456789abcdefABCDEF-/:`g@G".utf8)
      + [0x00, 0x7F, 0x80, 0xAF, 0xB0, 0xB9, 0xBA, 0xE0, 0xE1, 0xE6, 0xE7, 0xFF]
    var generator = SystemRandomNumberGenerator()
    for round in 0..<20_000 {
      var bytes = Array(UUID.random().lowercasedText.utf8)
      // Most texts keep their shape with one byte or two changed; some are changed throughout.
      let changes = round % 10 == 0 ? 36 : Int.random(in: 0...2, using: &generator)
      for _ in 0..<changes {
        bytes[Int.random(in: 0..<36, using: &generator)] = alphabet.randomElement(
          using: &generator)!
      }
      let key = bytes.withUnsafeBufferPointer { JourneyKey(lowercasedText: $0) }
      let id = UUID(lowercasedText: bytes)
      #expect(key == id.map(JourneyKey.init), "\(String(decoding: bytes, as: UTF8.self))")
    }
  }

  @Test func theBytesOfAnIdGiveTheKeyItsTextGives() throws {
    let id = UUID.random()
    let fromBytes = id.withLowercasedText { JourneyKey(lowercasedText: $0) }
    #expect(fromBytes == JourneyKey(id) && fromBytes != nil)
  }
}
