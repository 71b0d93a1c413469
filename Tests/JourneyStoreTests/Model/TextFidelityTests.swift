import Foundation
import Observation
import Synchronization
import Testing
@testable import JourneyStore

/// Text is what its bytes are: a name in NFD and the same name in NFC are different values to
/// store, observe and save, though Swift's `String ==` calls them equal.
@Suite struct TextFidelityTests {
  static let decomposed = "Cafe\u{301} Zu\u{308}rich"
  static let composed = "Caf\u{E9} Z\u{FC}rich"

  @Test func storedValuesCompareTextByItsBytesAndNumbersByTheirBits() {
    #expect(Self.decomposed == Self.composed)
    #expect(DatabaseValue.text(Self.decomposed) != .text(Self.composed))
    #expect(DatabaseValue.text(Self.composed) == .text("Caf\u{E9} Z\u{FC}rich"))
    #expect(DatabaseValue.real(0.0) != .real(-0.0))
    #expect(DatabaseValue.real(.nan) == .real(.nan))
    #expect(DatabaseValue.real(1) != .integer(1))
    // Equal values hash alike, as Hashable requires.
    #expect(Set([DatabaseValue.text(Self.decomposed), .text(Self.composed)]).count == 2)
  }

  /// Text compares by its bytes where they lie: texts short enough to be held in place and
  /// longer ones, ASCII and not, equal or differing in their first, last or only byte.
  @Test func textsAreEqualExactlyWhenTheirBytesAre() {
    let texts = [
      "", "a", "b", "é", "e\u{301}", "Oslo", "Oslp", "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001",
      "0b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0002", "1b1e5c1a-6f0e-4d47-9a6e-3c2d8f1a0001",
      "a name longer than fifteen bytes", "a name longer than fifteen byteß", Self.composed,
      Self.decomposed, "Zürich → Genève 🚲", "Zürich → Genève 🚗",
    ]
    for left in texts {
      for right in texts {
        // Made anew, so that equal texts are never the same storage.
        let copy = String(decoding: Array(right.utf8), as: UTF8.self)
        #expect(
          (DatabaseValue.text(left) == .text(copy)) == Array(left.utf8).elementsEqual(right.utf8),
          "\(left) and \(right)")
      }
    }
  }

  @Test func observersSeeANameChangeItsBytes() {
    let journey = Journey(name: Self.decomposed)
    let changes = Mutex(0)
    withObservationTracking { _ = journey.name } onChange: { changes.withLock { $0 += 1 } }
    journey.name = Self.composed
    #expect(changes.withLock { $0 } == 1)
    #expect(Array(journey.name.utf8) == Array(Self.composed.utf8))
    // The very same bytes are no change.
    withObservationTracking { _ = journey.name } onChange: { changes.withLock { $0 += 1 } }
    journey.name = "Caf\u{E9} Z\u{FC}rich"
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func savingANameInAnotherNormalFormWritesItsBytes() throws {
    let folder = try TemporaryFolder()
    let database = try Fixtures.database(in: folder)
    let journey = try database.add(Journey(name: Self.decomposed))
    try database.edit(journey.id) { try JourneyField.name.assign(Self.composed, to: $0) }
    let stored = try #require(try Fixtures.row(journey.id, in: database.path)?[0].text)
    #expect(Array(stored.utf8) == Array(Self.composed.utf8))
  }
}
