import Foundation
import Testing
@testable import JourneyStore

/// How a remote argument is told to be git or a folder, and where a git remote's clone lives.
@Suite("Sync: what a remote argument names")
struct RemoteKindTests {
  @Test(arguments: [
    "https://example.org/me/journeys.git", "https://example.org/me/journeys", "ssh://me@host/srv/j",
    "git://host/journeys", "file:///srv/journeys", "me@host:journeys", "host:srv/journeys",
    "host:/srv/journeys", "[::1]:journeys", "/srv/journeys.git", "backups/journeys.git/",
    "journeys.git", "git+ssh://host/j", "ext::ssh host j",
  ])
  func anArgumentGitReadsAsARepositoryIsAGitRemote(_ argument: String) {
    #expect(RemoteKind(of: argument) == .git)
  }

  @Test(arguments: [
    "/media/usb/journeys", "Sync/journeys", "./journeys", "journeys", "/srv/a:b", "./host:path",
    "../x/journeys.gitx",
  ])
  func anyOtherArgumentIsAFolder(_ argument: String) {
    #expect(RemoteKind(of: argument) == .folder)
  }

  @Test func aLocalFolderThatIsARepositoryIsAGitRemote() throws {
    let sandbox = try GitSandbox()
    let bare = try sandbox.bareRepository("bare")
    let working = sandbox.folder.file("working")
    try sandbox.git(["init", "--quiet", working])
    let plain = sandbox.folder.file("plain")
    try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
    #expect(RemoteKind(of: bare) == .git)
    #expect(RemoteKind(of: working) == .git)
    #expect(RemoteKind(of: plain) == .folder)
    // A folder that holds only a file named HEAD is no repository.
    try Data("ref: refs/heads/main\n".utf8).write(to: URL(fileURLWithPath: plain + "/HEAD"))
    #expect(RemoteKind(of: plain) == .folder)
  }

  @Test func aLocalPathIsMadeAbsoluteAndNormalisedAndAURLIsLeftAsItIs() {
    let here = FileManager.default.currentDirectoryPath
    let relative = GitRemote.normalized("backups/./old/../journeys.git/")
    // `..` stays: after a symbolic link, only the file system knows the folder it names.
    #expect(relative == here + "/backups/old/../journeys.git")
    #expect(GitRemote.normalized("/srv//journeys.git/") == "/srv/journeys.git")
    for url in ["https://example.org/a/../b.git/", "me@host:a/../b.git", "file:///srv/./j.git"] {
      #expect(GitRemote.normalized(url) == url)
    }
  }

  @Test func theCloneFolderIsNamedByTheSHA256OfTheURL() {
    let remote = GitRemote(url: "/tmp/journeys.git", cacheRoot: "/cache", environment: [:])
    let hash = "506ceab7cd873c88d2f1785f5b2bcf2d7ee0eef855fd4a610607a8e124793324"
    #expect(remote.folder == "/cache/" + hash)
    #expect(remote.lockPath == remote.folder + ".lock")
    #expect(remote.description == "/tmp/journeys.git")
  }

  /// FIPS 180-4's examples, a message of several blocks, and text beyond ASCII, against
  /// `sha256sum`'s answers.
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    (String(repeating: "a", count: 1000),
     "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ("ssh://héllo/ü.git", "10984882b9211da9eac1ee66ecf3c4db44e32edd6cad500639a34bf27fa09a0d"),
  ])
  func sha256(_ text: String, _ hex: String) {
    #expect(SHA256Hash.hex(of: text) == hex)
  }

  @Test func theCacheIsUnderXDGCacheHomeElseUnderTheHomeFolder() {
    #expect(
      GitRemote.defaultCacheRoot(["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/me"])
        == "/x/cache/roadtrip/remotes")
    // A relative XDG_CACHE_HOME is ignored, as the XDG specification says.
    #expect(
      GitRemote.defaultCacheRoot(["XDG_CACHE_HOME": "cache", "HOME": "/home/me"])
        == "/home/me/.cache/roadtrip/remotes")
    #expect(GitRemote.defaultCacheRoot(["HOME": "/home/me"]) == "/home/me/.cache/roadtrip/remotes")
  }
}
