import Foundation
import Testing

extension EditorTests {
  /// `edit` has the name field that `browse`'s editor has (issue 39, item 18): above the first
  /// control and below the last, written once when it is left, so one undo takes a rename back.
  @Suite("The name field")
  struct NameField {
    @Test func aNameTypedIsSavedOnceWhenTheFieldIsLeft() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(SampleJourneys.coastID)
      let first = try await editor.waitForScreen(showing: "› Type")
      #expect(first.hasPrefix("  Name      Coast road"), "\(first)")
      editor.type("\u{1B}[A")  // up from the type: the name
      try await editor.waitForScreen(showing: "› Name      Coast road")
      editor.type("\u{7F}\u{7F}\u{7F}\u{7F}trail, day 2")  // q is a letter in a name
      try await editor.waitForScreen(showing: "Coast trail, day 2")
      #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Coast road")
      editor.type("\r")  // Enter leaves the field: the rename is written, the type has the focus
      try await editor.waitForScreen(showing: "› Type")
      #expect(try await sandbox.value("name", of: SampleJourneys.coastID, becoming: "Coast trail, day 2") == "Coast trail, day 2")
      editor.type("q")
      #expect(try await editor.waitForExit() == 0)
      #expect(try sandbox.changedFields(inBatch: try sandbox.batchCount()) == [SampleJourneys.coastID: ["name"]])
    }

    @Test func escapeInTheNameWritesItAndQuits() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let editor = try sandbox.startEditor(SampleJourneys.coastID)
      try await editor.waitForScreen(showing: "› Type")
      editor.type("\u{1B}[Z")  // shift-tab from the type: the name
      try await editor.waitForScreen(showing: "› Name")
      editor.type("!")
      try await editor.waitForScreen(showing: "Coast road!")
      editor.type("\u{1B}")
      #expect(try await editor.waitForExit() == 0)
      #expect(try sandbox.value("name", of: SampleJourneys.coastID) == "Coast road!")
    }
  }
}
