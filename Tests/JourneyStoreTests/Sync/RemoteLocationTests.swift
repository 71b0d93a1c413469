import Foundation
import Testing

@testable import JourneyStore

/// How a remote is shown: a URL's user part, where a token or password lies, left out.
@Suite("A remote as it is shown")
struct RemoteLocationTests {
  @Test(arguments: [
    ("https://me:s3cret@example.com/journeys.git", "https://example.com/journeys.git"),
    ("https://ghp_TOKEN@example.com/journeys.git", "https://example.com/journeys.git"),
    ("https://me:p@ss@example.com:8443/j.git", "https://example.com:8443/j.git"),
    ("https://me:tok@example.com?x=a@b", "https://example.com?x=a@b"),
    ("ssh://git@example.com/journeys.git", "ssh://example.com/journeys.git"),
    ("file://me:tok@localhost/srv/j.git", "file://localhost/srv/j.git"),
    ("helper::https://me:tok@example.com/j", "helper::https://example.com/j"),
  ])
  func aURLsUserPartIsLeftOut(location: String, shown: String) {
    #expect(RemoteLocation.shown(location) == shown)
  }

  @Test(arguments: [
    "https://example.com/journeys.git", "https://example.com/a@b/journeys.git",
    "git@example.com:journeys.git", "/home/me/Sync/journeys", "relative/folder@home", "",
  ])
  func whatHoldsNoCredentialsIsShownAsItIs(location: String) {
    #expect(RemoteLocation.shown(location) == location)
  }

  /// A folder, as a git repository's path, is remembered absolute and normalised: `sync ./x`
  /// named `/home/me/./x` in its summary before.
  @Test func aFoldersPathIsMadeAbsoluteAndNormalised() {
    let here = FileManager.default.currentDirectoryPath
    #expect(JourneyDatabase.remote(for: "./Sync//journeys/").description == here + "/Sync/journeys")
    #expect(JourneyDatabase.remote(for: "/media/usb/./journeys").description == "/media/usb/journeys")
  }

  /// `link/../remote` names the folder beside the link's target, not beside the link: `..` is
  /// left to the file system, and a sync through it reaches the target's sibling.
  @Test func aParentAfterASymbolicLinkIsTheTargetsParent() throws {
    let folder = try TemporaryFolder()
    let usb = folder.file("usb"), inner = folder.file("usb/inner")
    try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: inner)
    let remote = JourneyDatabase.remote(for: folder.file("link") + "/../remote")
    #expect(remote.description == folder.file("link") + "/../remote")
    let database = try Fixtures.database(in: folder)
    try database.add(Journey.sample("Trip"))
    _ = try database.synchronize(with: remote)
    #expect(FileManager.default.fileExists(atPath: usb + "/remote/roadtrip-remote.json"))
    #expect(!FileManager.default.fileExists(atPath: folder.file("remote")))
  }

  @Test func aRemoteRemembersWhatItWasGivenAndShowsItWithoutTheUserPart() {
    let remote = JourneyDatabase.remote(for: "https://me:tok@example.com/j.git")
    #expect(remote.description == "https://me:tok@example.com/j.git")
    #expect(remote.shownLocation == "https://example.com/j.git")
  }
}
