import Glibc

/// The settings file, `$XDG_CONFIG_HOME/roadtrip/config` (`~/.config/roadtrip/config` when
/// `XDG_CONFIG_HOME` is unset), in git's format: `[section]` lines, then `name = value` lines;
/// `#` and `;` start a comment; a value may be in double quotes.
///
/// Read whole and kept as its lines, so that a setting written changes its own line and leaves
/// the others (comments, settings of later versions) as they were.
struct ConfigFile {
  /// Where the file is, whether or not it exists.
  let path: String
  /// Its lines, without their line feeds.
  private(set) var lines: [String]
  /// Each line that names no setting or holds a value its key does not take, with why, as a
  /// warning names it (`PATH:LINE: …`).
  private(set) var problems: [String] = []
  /// The settings read, the last line of a key winning, as in git.
  private(set) var values: [ConfigKey: String] = [:]
  /// The line of each setting, counted from 0.
  private var lineOfKey: [ConfigKey: Int] = [:]
}

extension ConfigFile {
  /// The file's path from the environment; `nil` when there is no home to put it in.
  static var defaultPath: String? {
    if let folder = Environment["XDG_CONFIG_HOME"], folder.hasPrefix("/") { return folder + "/roadtrip/config" }
    return Environment.homeFolder.map { $0 + "/.config/roadtrip/config" }
  }

  /// Reads the file at `path`; a missing file has no settings, an unreadable one is a problem.
  init(path: String) {
    self.path = path
    lines = []
    guard let bytes = Self.contents(of: path) else {
      if errno != ENOENT && errno != ENOTDIR {
        problems.append("\(path): cannot read it (\(String(cString: strerror(errno)))); the defaults are used")
      }
      return
    }
    lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    if lines.last == "" { lines.removeLast() }
    var section: String?
    for (index, line) in lines.enumerated() {
      switch Self.parse(line) {
      case .blank:
        break
      case .section(let name):
        section = name
      case .setting(let name, let value):
        let full = (section.map { $0 + "." } ?? "") + name
        guard let key = ConfigKey(rawValue: full) else {
          problems.append("\(path):\(index + 1): " + ConfigKey.unknown(full))
          continue
        }
        // A value set again replaces this line, even one that is refused.
        lineOfKey[key] = index
        guard let checked = key.checked(value) else {
          problems.append("\(path):\(index + 1): '\(value)' is not a value of \(key.rawValue); use \(key.allowed)")
          continue
        }
        values[key] = checked
      case .broken:
        problems.append("\(path):\(index + 1): '\(line)' is neither [section] nor name = value")
      }
    }
  }

  /// One line of the file, read.
  private enum Line {
    case blank
    case section(String)
    case setting(name: String, value: String)
    case broken
  }

  private static func parse(_ line: String) -> Line {
    let text = line.trimmingWhitespace
    if text.isEmpty || text.hasPrefix("#") || text.hasPrefix(";") { return .blank }
    if text.hasPrefix("[") {
      guard text.hasSuffix("]"), text.count > 2 else { return .broken }
      return .section(String(text.dropFirst().dropLast()).trimmingWhitespace.lowercased())
    }
    guard let equals = text.firstIndex(of: "=") else { return .broken }
    let name = String(text[..<equals]).trimmingWhitespace.lowercased()
    var value = String(text[text.index(after: equals)...]).trimmingWhitespace
    if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return .broken }
    return .setting(name: name, value: value)
  }

  /// The file's bytes, `nil` with `errno` set when it cannot be read.
  private static func contents(of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes += buffer[..<count]
    }
  }
}

extension ConfigFile {
  /// Sets `key` to `value` (checked and canonical already), or removes it when `nil`: its line
  /// changes, or a line is added at the end of its section (a section added at the end when
  /// there is none).
  mutating func set(_ key: ConfigKey, to value: String?) {
    let parts = key.rawValue.split(separator: ".", maxSplits: 1).map(String.init)
    let quoted = value.map { $0.isEmpty || $0.first == " " || $0.last == " " || $0.contains("#") || $0.contains(";") ? "\"\($0)\"" : $0 }
    let line = quoted.map { "\t\(parts[1]) = \($0)" }
    if let index = lineOfKey[key] {
      if let line { lines[index] = line } else { lines.remove(at: index) }
    } else if let line {
      var section: String?
      var end: Int?
      for (index, text) in lines.enumerated() {
        switch Self.parse(text) {
        case .section(let name):
          section = name
          if name == parts[0] { end = index }
        case .setting:
          if section == parts[0] { end = index }
        case .blank, .broken:
          break
        }
      }
      if let end {
        lines.insert(line, at: end + 1)
      } else {
        lines += ["[\(parts[0])]", line]
      }
    }
    values[key] = value
  }

  /// Writes the file whole, through a file beside it renamed over it, making its folders.
  /// - Throws: `CommandError.cannotWriteOutput`.
  func write() throws {
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    var made = ""
    for part in folder.split(separator: "/") {
      made += "/" + part
      if mkdir(made, 0o700) != 0 && errno != EEXIST {
        throw CommandError.cannotWriteOutput(destination: path, reason: String(cString: strerror(errno)))
      }
    }
    let temporary = path + ".new"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw CommandError.cannotWriteOutput(destination: path, reason: String(cString: strerror(errno)))
    }
    var text = lines.map { $0 + "\n" }.joined()
    let failure = text.withUTF8 { writeFully(to: descriptor, UnsafeRawBufferPointer($0)) }
    let synced = failure == 0 && fsync(descriptor) == 0
    close(descriptor)
    guard synced, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(failure != 0 ? failure : errno))
      unlink(temporary)
      throw CommandError.cannotWriteOutput(destination: path, reason: reason)
    }
  }
}

extension String {
  /// The text without spaces and tabs around it.
  fileprivate var trimmingWhitespace: String {
    var text = Substring(self)
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return String(text)
  }
}
