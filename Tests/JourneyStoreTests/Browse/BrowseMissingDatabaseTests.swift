import Foundation
import Testing

extension BrowseTests {
  /// `browse` on a database that does not exist makes nothing until it writes, as every other
  /// command, and follows the file another process makes.
  @Suite("A database that does not exist yet")
  struct MissingDatabase {
    @Test func quittingAtOnceLeavesNoFileAndNoFolder() async throws {
      let sandbox = try CLISandbox()
      let path = sandbox.folder.file("new/trips.sqlite")
      for arguments in [["browse", "--db", path], ["--db", path]] {
        let browser = try sandbox.startBrowser(arguments)
        try await browser.waitForScreen(showing: "No journeys yet; press a to add one.")
        browser.type("uq")  // nothing to undo writes nothing either
        #expect(try await browser.waitForExit() == 0)
        #expect(!sandbox.exists(sandbox.folder.file("new")), "\(arguments)")
      }
    }

    @Test func theFirstJourneyAddedMakesTheFolderAndTheFile() async throws {
      let sandbox = try CLISandbox()
      let path = sandbox.folder.file("new/trips.sqlite")
      let browser = try sandbox.startBrowser(["browse", "--db", path])
      try await browser.waitForScreen(showing: "No journeys yet")
      browser.type("aLunch\r")
      try await browser.waitForScreen(showing: "› Name      Lunch▏")
      #expect(try sandbox.records(at: path).values.map { $0["name"]?.text } == ["Lunch"])
      var info = stat()
      #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600, "made as add makes it")
      browser.type("\u{1B}")
      try await browser.waitForScreen(showing: "1 journey")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
    }

    /// The sqlite3 shell or another roadtrip may make the database while browse waits: its
    /// journeys appear, also when the folder did not exist either.
    @Test func aDatabaseAnotherProcessMakesAppears() async throws {
      let sandbox = try CLISandbox()
      let path = sandbox.folder.file("later/trips.sqlite")
      let browser = try sandbox.startBrowser(["browse", "--db", path])
      try await browser.waitForScreen(showing: "No journeys yet")
      let added = try await sandbox.run("add", "Coast road", "--db", path)
      added.expectSuccess()
      try await browser.waitForScreen(showing: "Coast road")
      browser.type("\r\t\u{1B}[C")  // its editor, the next type: written to the file
      try await browser.waitForScreen(showing: "🚕 Shared Ride")
      browser.type("q")
      try await browser.waitForScreen(showing: "1 journey")
      browser.type("q")
      #expect(try await browser.waitForExit() == 0)
      #expect(try sandbox.records(at: path).values.map { $0["transportationType"]?.text } == ["hired-car"])
    }
  }
}
