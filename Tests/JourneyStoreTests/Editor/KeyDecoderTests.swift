import Testing
@testable import roadtrip

extension EditorTests {
  /// Keys from the bytes a terminal sends, also when a sequence arrives in pieces.
  @Suite("Keys")
  struct Keys {
    @Test(arguments: [
      ("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [Key.up, .down, .right, .left]),
      ("\u{1B}OA\u{1B}OD", [.up, .left]),
      ("\t\u{1B}[Z", [.tab, .backTab]),
      ("q+-\u{3}\u{1A}", [.character("q"), .character("+"), .character("-"), .interrupt, .suspend]),
      ("\u{1B}[1;5C\u{1B}[5~é", [.right, .pageUp, .character("é")]),  // Ctrl-Right is right; Page Up; é is 2 bytes
      ("\u{1B}[6~\u{1B}[H\u{1B}OF\u{1B}[4~\r\u{7F}\u{12}🚲", [.pageDown, .home, .end, .end, .enter, .backspace, .control("r"), .character("🚲")]),
    ])
    func decodesWholeSequences(_ text: String, keys: [Key]) {
      var decoder = KeyDecoder()
      #expect(decoder.keys(from: Array(text.utf8)) == keys)
      #expect(!decoder.hasPending)
    }

    @Test func keepsASequenceCutBetweenReadsUntilTheRestArrives() {
      var decoder = KeyDecoder()
      #expect(decoder.keys(from: [0x71, 0x1B]) == [.character("q")])
      #expect(decoder.hasPending)
      #expect(decoder.keys(from: Array("[".utf8)) == [])
      #expect(decoder.keys(from: Array("C".utf8)) == [.right])
      #expect(!decoder.hasPending)
    }

    @Test func aLoneEscapeIsEscapeOnceFlushed() {
      var decoder = KeyDecoder()
      #expect(decoder.keys(from: [0x1B]) == [])
      #expect(decoder.flush() == [.escape])
      #expect(decoder.keys(from: Array("+".utf8)) == [.character("+")])
    }

    @Test func aCharacterCutBetweenReadsWaitsForItsLastByte() {
      var decoder = KeyDecoder()
      let bytes = Array("é".utf8)
      #expect(decoder.keys(from: bytes.prefix(1)) == [])
      #expect(decoder.hasPending)
      #expect(decoder.keys(from: bytes.suffix(1)) == [.character("é")])
    }
  }
}
