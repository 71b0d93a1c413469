#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A URL's credentials (`https://me:TOKEN@host/repo`, or a token alone as the user) kept out of
/// every command line, which `ps` shows to every user of the machine: the clone's `origin`
/// records the URL without its user part, and git gets that part through its environment, which
/// only the user and root can read. git itself, and the remote helper it starts
/// (`git remote-https origin URL`), then never see it among their arguments.
extension GitRemote {
  /// The schemes whose URLs carry a password in their user part, which git hands to curl.
  private static let schemesWithPasswords: Set<String> = ["http", "https", "ftp", "ftps"]

  /// The address the clone's `origin` records: `url` without its user part when that part is
  /// a credential (`credentials(in:)`), else `url` as it is.
  static func originURL(_ url: String) -> String {
    credentials(in: url) == nil ? url : RemoteLocation.shown(url)
  }

  /// The user name and password in the user part of an http(s) or ftp(s) `url`, decoded from
  /// their percent escapes as git decodes them; `nil` for another URL or one without a user
  /// part (an ssh URL's user is a login, which ssh gets as it is).
  static func credentials(in url: String) -> (user: String, password: String?)? {
    guard let scheme = url.firstRange(of: "://"),
      schemesWithPasswords.contains(url[..<scheme.lowerBound].lowercased())
    else { return nil }
    let rest = url[scheme.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard let at = authority.lastIndex(of: "@") else { return nil }
    let userPart = authority[..<at]
    let decoded = { (text: Substring) in percentDecoded(text) }
    guard let colon = userPart.firstIndex(of: ":") else { return (decoded(userPart), nil) }
    return (
      decoded(userPart[..<colon]), decoded(userPart[userPart.index(after: colon)...])
    )
  }

  /// `environment` with what git needs to authenticate as `url`'s user part says, as git
  /// configuration in the environment (`GIT_CONFIG_COUNT`, after any the user set): with a
  /// password, a credential helper that answers with it (and no other helper: git asks none
  /// for a URL that holds a password); with a user name alone, `credential.username`, so that
  /// the user's helpers or the terminal are asked for the password, as for the URL itself.
  static func withCredentials(of url: String, in environment: [String: String]) -> [String: String]
  {
    guard let (user, password) = credentials(in: url) else { return environment }
    var environment = environment
    var count = Int(environment["GIT_CONFIG_COUNT"] ?? "") ?? 0
    func configure(_ key: String, _ value: String) {
      environment["GIT_CONFIG_KEY_\(count)"] = key
      environment["GIT_CONFIG_VALUE_\(count)"] = value
      count += 1
    }
    if let password {
      environment[userVariable] = user
      environment[passwordVariable] = password
      configure("credential.helper", "")
      configure(
        "credential.helper",
        #"!f() { test "$1" = get || exit 0; printf 'username=%s\npassword=%s\n' "#
          + #""$\#(userVariable)" "$\#(passwordVariable)"; }; f"#)
    } else {
      configure("credential.username", user)
    }
    environment["GIT_CONFIG_COUNT"] = String(count)
    return environment
  }

  /// `text` with each `%` and two hexadecimal digits turned into that byte, as git decodes a
  /// URL's user part; a `%` without them stays as it is.
  private static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var rest = Array(text.utf8)[...]
    while let byte = rest.popFirst() {
      if byte == UInt8(ascii: "%"), rest.count >= 2,
        let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        rest = rest.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The variables the credential helper answers with.
  static let userVariable = "ROADTRIP_GIT_USERNAME"
  static let passwordVariable = "ROADTRIP_GIT_PASSWORD"
}
