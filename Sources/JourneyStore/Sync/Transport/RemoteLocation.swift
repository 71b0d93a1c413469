#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a remote is: a local path as it is remembered, and any location as a person may see it
/// (on screen, in a summary, in an error).
///
/// A URL may carry credentials in its user part (`https://me:TOKEN@host/repo`, or a token alone as
/// the user, `https://TOKEN@host/repo`). A database remembers the remote as it was typed, as git's
/// own config does, but roadtrip never shows that part: like git in its own messages, it leaves
/// the whole user part out (`https://host/repo`). An scp-like address (`git@host:repo`) and a path
/// carry no password and are shown as they are.
enum RemoteLocation {
  /// `location` without the user part of any URL in it, also the one after a remote helper's
  /// `transport::`.
  static func shown(_ location: String) -> String {
    guard let scheme = location.firstRange(of: "://") else { return location }
    let rest = location[scheme.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard let at = authority.lastIndex(of: "@") else { return location }
    return String(location[..<scheme.upperBound]) + shown(String(rest[rest.index(after: at)...]))
  }

  /// `text` (git's messages, which may quote the URL they were given: "Cannot access URL
  /// https://me:TOKEN@host/…") with the user part of every URL in it left out.
  static func redacted(_ text: String) -> String {
    var result = ""
    var rest = text[...]
    while let scheme = rest.firstRange(of: "://") {
      result += rest[..<scheme.upperBound]
      let after = rest[scheme.upperBound...]
      let authority = after.prefix {
        !$0.isWhitespace && !"/?#'\"<>`".contains($0)
      }
      rest = authority.lastIndex(of: "@").map { after[after.index(after: $0)...] } ?? after
    }
    return result + rest
  }

  /// A local `path` made absolute from the current folder, without `.` components and doubled
  /// or trailing slashes, so that one folder or repository is one remote wherever the command
  /// runs, and is shown as people write it. A `..` stays: after a symbolic link it is the link
  /// target's parent, which only the file system knows.
  static func absolutePath(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return "/" + absolute.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
  }
}

extension SyncRemote {
  /// Where the remote is, fit to show: a URL's user part (where a token or password lies) left
  /// out, as git leaves it out of its messages. `description` keeps it: that is what a database
  /// remembers and what git is given.
  public var shownLocation: String { RemoteLocation.shown(description) }
}
