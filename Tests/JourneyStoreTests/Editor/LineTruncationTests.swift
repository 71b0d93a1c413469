import Testing
@testable import roadtrip

extension EditorTests {
  /// Lines cut at the edge of the screen by the columns they take, not by their escape sequences.
  @Suite("Line width")
  struct LineWidth {
    @Test func escapeSequencesTakeNoColumnsAndWideCharactersTwo() {
      #expect("\u{1B}[7m 🚗 Car \u{1B}[0m".visibleWidth == 8)
      #expect("\u{1B}[7m 🚗 Car \u{1B}[0m".truncated(toWidth: 3) == "\u{1B}[7m 🚗\u{1B}[0m")
      #expect("🚗🚗".truncated(toWidth: 3) == "🚗")
      #expect("plain".truncated(toWidth: 3) == "pla")
      #expect("plain".truncated(toWidth: 9) == "plain")
    }
  }
}
