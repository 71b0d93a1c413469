import Glibc

/// The environment variables the command reads.
enum Environment {
  /// The value of a variable, or `nil` when it is unset or empty.
  static subscript(name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
  }

  /// The user's home folder: `$HOME`, else the password database's entry.
  static var homeFolder: String? {
    if let home = self["HOME"] { return home }
    guard let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir else { return nil }
    return String(cString: folder)
  }
}
