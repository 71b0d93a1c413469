import Foundation
import Testing

@testable import JourneyStore

/// The git remote under sync's engine: databases on two "machines" (caches of their own)
/// exchange journeys through a bare repository, with the real git.
@Suite("Sync: through a git remote")
struct GitRemoteSyncTests {
  /// Known issue: `RemoteFolder.identity()` takes the clone's `.git` for a file of someone
  /// else's, and refuses the new remote ("not a roadtrip remote"); once it passes over names
  /// that begin with a dot (the transport's own: git's `.git`, Syncthing's `.stfolder`), this
  /// test passes and `withKnownIssue` says so.
  @Test func twoDatabasesConvergeThroughABareRepository() throws {
    try withKnownIssue("RemoteFolder counts the clone's .git as a file") {
      try converge()
    } matching: { issue in
      "\(issue)".contains("is not a roadtrip remote")
    }
  }

  private func converge() throws {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository()
    let laptop = try JourneyDatabase(path: sandbox.folder.file("laptop.sqlite"))
    let desktop = try JourneyDatabase(path: sandbox.folder.file("desktop.sqlite"))
    let journey = Journey.sample("Coast road")
    try laptop.add(journey)
    try desktop.add(Journey.sample("School run", .bike))

    let first = try laptop.synchronize(with: sandbox.remote(bare, machine: "laptop"))
    #expect(first.createdRemote && first.sentChanges == 1)
    let second = try desktop.synchronize(with: sandbox.remote(bare, machine: "desktop"))
    #expect(second.receivedChanges == 1 && second.sentChanges == 1)
    try desktop.edit(journey.id) { $0.name = "Coast road, the long way" }
    _ = try desktop.synchronize(with: sandbox.remote(bare, machine: "desktop"))
    let third = try laptop.synchronize(with: sandbox.remote(bare, machine: "laptop"))
    #expect(third.receivedChanges == 2 && third.sentChanges == 0)

    for database in [laptop, desktop] {
      let names = try database.journeys(JourneyQuery()).map(\.name).sorted()
      #expect(names == ["Coast road, the long way", "School run"])
    }
    // Every file the engine wrote is in the repository, roadtrip's commits with it.
    let files = try sandbox.files(in: bare)
    #expect(files.contains("roadtrip-remote.json"))
    #expect(files.filter { $0.hasSuffix(".rtc") }.count == 3)
    #expect(try sandbox.commitCount(in: bare) == 3)
  }
}
