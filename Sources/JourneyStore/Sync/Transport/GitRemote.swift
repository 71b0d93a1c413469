#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import Glibc

/// A git repository as a sync remote: any path or URL `git` clones, pulls from and pushes to.
///
/// Its folder is a clone kept under the cache (`$XDG_CACHE_HOME/roadtrip/remotes/<SHA-256 of the
/// URL>`). `fetch()` clones it the first time, else fetches and sets the clone to the remote's
/// branch; `publish` commits the added files as roadtrip and pushes, pulling and pushing again
/// when another replica pushed first. Two syncs of one remote on this machine take turns: each
/// call holds a lock beside the clone.
struct GitRemote: Sendable {
  /// What git clones: a URL, an scp-like address, or an absolute, normalised path.
  let url: String
  /// The folder that holds the clones of remotes, one folder each.
  let cacheRoot: String
  /// `git`, with the environment it runs in (completed by `unattended()` when no one can
  /// answer).
  var git: Git
  /// Whether someone can answer git's prompts: standard input is a terminal.
  let canPrompt: Bool

  /// A git remote at `url`, which nothing here reads yet.
  /// - Parameters:
  ///   - url: any path or URL git accepts; a relative path is taken from the current folder.
  ///   - cacheRoot: the folder for the clones; by default `$XDG_CACHE_HOME/roadtrip/remotes`
  ///     (`~/.cache/roadtrip/remotes` when that is unset).
  ///   - environment: the environment git runs with (by default this process's), and where
  ///     `XDG_CACHE_HOME` and `HOME` are read.
  ///   - standardInputIsTerminal: whether someone can answer a password prompt; when not, git
  ///     gets `GIT_TERMINAL_PROMPT=0`, so it fails instead of waiting, and ssh in batch mode and
  ///     a low-speed limit for http (`unattended()`). By default, whether this process's
  ///     standard input is a terminal.
  init(
    url: String, cacheRoot: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    standardInputIsTerminal: Bool = isatty(STDIN_FILENO) == 1
  ) {
    let cacheRoot = cacheRoot ?? Self.defaultCacheRoot(environment)
    self.url = Self.normalized(url)
    self.cacheRoot = cacheRoot
    self.canPrompt = standardInputIsTerminal
    self.git = Git(
      environment: Self.withCredentials(
        of: self.url,
        in: Self.gitEnvironment(
          environment, cacheRoot: cacheRoot, prompts: standardInputIsTerminal)))
  }
}
