/// Text in the macros of man(7), written line by line: macros, escaped text, paragraphs of help
/// (indented lines, such as a list of keys, kept as they are), and the sections of a manual page.
struct ManualText {
  private(set) var text = ""
}

extension ManualText {
  /// A macro line, such as `.SH NAME`; arguments with spaces or none are quoted.
  mutating func macro(_ name: String, _ arguments: String...) {
    let quoted = arguments.map {
      $0.isEmpty || $0.contains(" ") ? "\"\(Self.escaped($0))\"" : Self.escaped($0)
    }
    text += "." + ([name] + quoted).joined(separator: " ") + "\n"
  }

  /// A line of text, already escaped; one that starts with `.` or `'` would read as a macro.
  mutating func line(_ line: String) {
    text += (line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" : "") + line + "\n"
  }

  /// Help text: paragraphs between empty lines; a paragraph with indented lines is kept line by
  /// line, as help prints it, the others are filled.
  mutating func paragraphs(_ help: String) {
    for paragraph in help.split(separator: "\n\n", omittingEmptySubsequences: true) {
      let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
      macro("PP")
      guard lines.contains(where: { $0.hasPrefix(" ") }) else {
        line(Self.escaped(lines.joined(separator: " ")))
        continue
      }
      macro("nf")
      for each in lines {
        line(Self.escaped(each))
      }
      macro("fi")
    }
  }

  /// A command's section: its name, usage, abstract, aliases and help, then its arguments.
  mutating func command(_ command: CommandInfo, path: [String], usage: String?) {
    macro("SS", path.joined(separator: " "))
    if let usage {
      // One usage a line, as help prints them: filled, they would run together.
      for (index, each) in usage.split(separator: "\n").enumerated() {
        if index > 0 { macro("br") }
        line("\\fB" + Self.escaped(String(each.drop { $0 == " " })) + "\\fR")
      }
      macro("PP")
    }
    if let abstract = command.abstract { line(Self.escaped(abstract)) }
    if let aliases = command.aliases, !aliases.isEmpty {
      line("Also \\fB" + aliases.map(Self.escaped).joined(separator: "\\fR, \\fB") + "\\fR.")
    }
    if let discussion = command.discussion { paragraphs(discussion) }
    for argument in ManualPage.ownArguments(of: command) {
      self.argument(argument)
    }
  }

  /// An argument or option as a tagged paragraph: `--transport type`, then what it is, its
  /// default and its values.
  mutating func argument(_ argument: ArgumentInfo) {
    macro("TP")
    let value = argument.valueName.map { "\\fI" + Self.escaped($0) + "\\fR" }
    let repeats = argument.isRepeating && argument.valueName?.hasSuffix("...") != true ? " ..." : ""
    if argument.kind == "positional" {
      line((value ?? "") + repeats)
    } else {
      let names = (argument.names ?? []).map { name in
        "\\fB" + (name.kind == "short" ? "\\-" : "\\-\\-") + Self.escaped(name.name) + "\\fR"
      }
      line(
        names.joined(separator: ", ") + (argument.kind == "option" ? " " + (value ?? "") : "")
          + repeats)
    }
    var about = argument.abstract ?? ""
    if let value = argument.defaultValue, !about.contains("(default:") {
      about += " (default: \(value))"
    }
    line(Self.escaped(about))
    if let discussion = argument.discussion, !discussion.isEmpty {
      macro("br")
      line(Self.escaped(discussion))
    }
    for (value, description) in argument.values {
      macro("br")
      line(
        "\\fB" + Self.escaped(value) + "\\fR"
          + (description.map { " \\- " + Self.escaped($0) } ?? ""))
    }
  }

  /// Text with the characters man(7) reads as its own escaped: a backslash, a hyphen (a minus
  /// sign in options and dates, as they must be typed); and beyond ASCII (`…`, `→`, `東`) as
  /// groff's named Unicode characters, `\[u2026]`, which every formatter reads.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case _ where !scalar.isASCII:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
