import Foundation
import Testing

extension BrowseTests {
  /// Enter opens the editor on the selected journey; a control's change is saved at once, a name
  /// once it is left; each is undone in one step.
  @Suite("Editing")
  struct Editing {
    private let coast = SampleJourneys.coastID

    @Test func aRenameIsOneBatchThatOneUndoTakesBackAndAFieldIsSavedAtOnce() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser()
      try await browser.waitForScreen(showing: "3 journeys")
      let batches = try sandbox.batchCount()
      browser.type("j\r")
      try await browser.waitForScreen(showing: "› Name      Coast road▏")
      browser.type(" 2é")
      try await browser.waitForScreen(showing: "› Name      Coast road 2é▏")
      #expect(try sandbox.value("name", of: coast) == "Coast road", "nothing is written while the name is typed")
      #expect(try sandbox.batchCount() == batches)
      browser.type("\t")  // leaves the name: it is written, once
      try await browser.waitForScreen(showing: "› Type")
      #expect(try await sandbox.value("name", of: coast, becoming: "Coast road 2é") == "Coast road 2é")
      #expect(try sandbox.batchCount() == batches + 1, "the rename is one batch")
      browser.type("\u{1B}[C")  // the next type, saved at once: car → shared ride
      try await browser.waitForScreen(showing: "🚕 Shared Ride")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "hired-car") == "hired-car")
      browser.type("u")
      var screen = try await browser.waitForScreen(showing: "Undid roadtrip browse")
      #expect(screen.contains("🚗 Car"), "\(screen)")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "car") == "car")
      browser.type("u")
      try await browser.waitForScreen(showing: "Name      Coast road\n")
      #expect(try sandbox.value("name", of: coast) == "Coast road", "one undo takes the whole rename back")
      browser.type("\u{12}")  // Ctrl-R
      try await browser.waitForScreen(showing: "Redid roadtrip browse")
      #expect(try await sandbox.value("name", of: coast, becoming: "Coast road 2é") == "Coast road 2é")
      browser.type("q")  // back to the list, on the journey edited
      screen = try await browser.waitForScreen(showing: "3 journeys")
      #expect(screen.contains("› 🚗 Coast road 2é"), "\(screen)")
      browser.type("U")  // from the list too
      try await browser.waitForScreen(showing: "› 🚕 Coast road 2é")
      #expect(try await sandbox.value("transportationType", of: coast, becoming: "hired-car") == "hired-car")
      browser.type("U")
      try await browser.waitForScreen(showing: "Nothing to redo.")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    /// `u` on a batch of several journeys (here the three added at once) asks first, as
    /// `roadtrip undo` does on a terminal; one of a single journey does not (above).
    @Test func anUndoOfSeveralJourneysAsksFirst() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser()
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("u")
      try await browser.waitForScreen(showing: "Undo \u{201C}tests\u{201D}, 3 journeys? Sure? (y/n)")
      #expect(try sandbox.records().count == 3, "nothing is undone before the answer")
      browser.type("n")
      try await browser.waitForScreen(showing: "Nothing was undone.")
      #expect(try sandbox.records().count == 3)
      browser.type("j\r")  // from the editor, the question is asked in the list
      try await browser.waitForScreen(showing: "› Name      Coast road▏")
      browser.type("\tu")
      try await browser.waitForScreen(showing: "3 journeys? Sure? (y/n)")
      browser.type("y")
      try await browser.waitForScreen(showing: "Undid")
      #expect(try sandbox.records().isEmpty)
      browser.type("U")
      try await browser.waitForScreen(showing: "Redo \u{201C}tests\u{201D}, 3 journeys? Sure? (y/n)")
      browser.type("Y")
      let screen = try await browser.waitForScreen(showing: "Redid")
      #expect(screen.contains("3 journeys") && !screen.contains("Sure?"), "\(screen)")
      #expect(try sandbox.records().count == 3)
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    @Test func addsAJourneyByNameAndDeletesOneAfterSure() async throws {
      let sandbox = try CLISandbox()
      try sandbox.seedSamples()
      let browser = try sandbox.startBrowser()
      try await browser.waitForScreen(showing: "3 journeys")
      browser.type("aLunch")
      try await browser.waitForScreen(showing: "Name: Lunch▏")
      browser.type("\r")
      try await browser.waitForScreen(showing: "› Name      Lunch▏")
      let lunch = try #require(try sandbox.records().values.first { $0["name"]?.text == "Lunch" })
      #expect(lunch["transportationType"]?.text == "car" && lunch["duration"]?.text == "3600", "as add makes it: \(lunch)")
      browser.type("\u{1B}")
      try await browser.waitForScreen(showing: "4 journeys")
      browser.type("\u{1B}[Hjjd")  // the coast road, after the lunch of now (the 19th) and the run
      try await browser.waitForScreen(showing: "Delete “Coast road”? Sure? (y/n)")
      browser.type("n")
      try await browser.waitForScreen(showing: "4 journeys")
      #expect(try sandbox.record(coast) != nil)
      browser.type("dy")
      let screen = try await browser.waitForScreen(showing: "Deleted “Coast road”; u brings it back.")
      #expect(screen.contains("3 journeys"), "\(screen)")
      #expect(screen.contains("Name      Ferry"), "the selection moves to the next journey\n\(screen)")
      #expect(try sandbox.record(coast) == nil)
      browser.type("u")
      try await browser.waitForScreen(showing: "4 journeys")
      #expect(try sandbox.record(coast) != nil)
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }
  }
}
