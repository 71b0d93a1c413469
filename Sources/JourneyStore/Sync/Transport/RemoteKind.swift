/// What a remote argument names: a folder, or a repository that `git` clones.
///
/// git: an argument with a scheme (`ssh://`, `https://`, `git://`, `file://`, or a remote
/// helper's `transport::address`), an scp-like address (`user@host:path`, `host:path`: a colon
/// with no slash before it, as git reads it), one that ends in `.git`, or a local folder that is a
/// git repository (bare, or with a `.git` inside). A folder otherwise.
public enum RemoteKind: String, Sendable, CaseIterable {
  /// A folder, shared by the replicas or kept in step by a file-sync engine.
  case folder
  /// A git repository, which each replica clones.
  case git
}

extension RemoteKind {
  /// The kind of remote `argument` names; a local path is looked at on the disk.
  init(of argument: String) {
    if Self.hasScheme(argument) || Self.isSCPLike(argument) || Self.endsInGit(argument)
      || Self.isRepository(atPath: argument)
    {
      self = .git
    } else {
      self = .folder
    }
  }

  /// `scheme://…` or `transport::…`.
  static func hasScheme(_ argument: String) -> Bool {
    argument.contains(/^[A-Za-z][A-Za-z0-9+.\-]*(:\/\/|::)/)
  }

  /// A colon before any slash: git reads it as `[user@]host:path`, not as a local path.
  static func isSCPLike(_ argument: String) -> Bool {
    guard let colon = argument.firstIndex(of: ":"), colon != argument.startIndex else {
      return false
    }
    return !argument[..<colon].contains("/")
  }

  private static func endsInGit(_ argument: String) -> Bool {
    argument.hasSuffix(".git") || argument.hasSuffix(".git/")
  }

  /// A folder with a `.git` inside, or a bare repository (`HEAD`, `objects/`, `refs/`).
  private static func isRepository(atPath path: String) -> Bool {
    if PathKind(of: path + "/.git") != .missing { return true }
    return PathKind(of: path + "/HEAD") == .file
      && PathKind(of: path + "/objects") == .folder && PathKind(of: path + "/refs") == .folder
  }
}
