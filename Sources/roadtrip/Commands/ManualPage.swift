import ArgumentParser
import FoundationEssentials

/// roadtrip's manual page, roadtrip(1), in the macros of man(7), made from the command tree as
/// `--help` shows it: the root's description, then each command (and subcommand) with its usage,
/// description, arguments and options, their values and defaults. Nothing is written by hand,
/// so the page says what `--help` says. What ArgumentParser knows of each argument comes from
/// its JSON description of the tree (`_dumpHelp()`, what `--experimental-dump-help` prints).
struct ManualPage {
  /// The root command's description, decoded.
  let root: CommandInfo
}

extension ManualPage {
  /// The page of `Roadtrip`.
  /// - Throws: `DecodingError` when ArgumentParser's description of the tree cannot be read.
  init() throws {
    let tool = try JSONDecoder().decode(ToolInfo.self, from: Data(Roadtrip._dumpHelp().utf8))
    root = tool.command
  }

  /// The whole page.
  var text: String {
    var page = ManualText()
    page.macro("TH", "ROADTRIP", "1", "", "roadtrip \(Roadtrip.version)", "User Commands")
    page.macro("SH", "NAME")
    page.line("roadtrip \\- " + ManualText.escaped(root.abstract ?? ""))
    page.macro("SH", "SYNOPSIS")
    page.line(
      "\\fBroadtrip\\fR [\\fB\\-\\-db\\fR \\fIpath\\fR] \\fIcommand\\fR [\\fIargument\\fR ...]")
    page.macro("br")
    page.line("\\fBroadtrip\\fR (on a terminal: \\fBroadtrip browse\\fR)")
    page.macro("SH", "DESCRIPTION")
    page.paragraphs(root.discussion ?? "")
    page.macro("SH", "OPTIONS")
    page.line(
      "Every command takes \\fB\\-\\-db\\fR \\fIpath\\fR, \\fB\\-\\-help\\fR and \\fB\\-\\-version\\fR."
    )
    for argument in root.arguments ?? [] where argument.shouldDisplay {
      page.argument(argument)
    }
    page.macro("SH", "COMMANDS")
    for (path, command) in Self.commands(under: root, path: ["roadtrip"]) {
      let usage = Self.type(at: path.dropFirst()).map { Roadtrip.usageString(for: $0) }
      page.command(command, path: path, usage: usage)
    }
    Self.appendSections(to: &page)
    page.macro("SH", "SEE ALSO")
    page.line("\\fBsqlite3\\fR(1); \\fBroadtrip help\\fR \\fIcommand\\fR; the README of roadtrip.")
    return page.text
  }

  /// Every command shown in help, depth first, with its path from the root (`roadtrip db
  /// check`); not `help`, whose page this is.
  static func commands(under command: CommandInfo, path: [String]) -> [([String], CommandInfo)] {
    let shown = (command.subcommands ?? []).filter { $0.shouldDisplay && $0.commandName != "help" }
    return shown.flatMap { sub in
      [(path + [sub.commandName], sub)] + commands(under: sub, path: path + [sub.commandName])
    }
  }

  /// The command type at `path` (`db`, `check`) below the root.
  static func type(at path: ArraySlice<String>) -> ParsableCommand.Type? {
    var type: ParsableCommand.Type = Roadtrip.self
    for name in path {
      let subcommands = type.configuration.subcommands
      guard let sub = subcommands.first(where: { $0._commandName == name }) else { return nil }
      type = sub
    }
    return type
  }

  /// The arguments and options of a command's section: those its help shows, but for the ones
  /// every command takes (`--db`, `--help`, `--version`, listed once under OPTIONS); a command
  /// whose default subcommand is hidden (`sync`) shows that one's, which are its own.
  static func ownArguments(of command: CommandInfo) -> [ArgumentInfo] {
    let hiddenDefault = (command.subcommands ?? []).filter { !$0.shouldDisplay && $0.commandName != "help" }
    let own = command.arguments ?? []
    let names = Set(own.compactMap { $0.preferredName?.name })
    let inherited = hiddenDefault.flatMap { $0.arguments ?? [] }.filter { !names.contains($0.preferredName?.name ?? "") }
    return (own + inherited).filter { argument in
      argument.shouldDisplay
        && !["db", "help", "version"].contains(argument.preferredName?.name ?? "")
    }
  }
}

/// ArgumentParser's JSON description of a command tree (its `ToolInfoV0`), as far as the page
/// reads it.
struct ToolInfo: Decodable {
  let command: CommandInfo
}

/// One command of the tree.
struct CommandInfo: Decodable {
  let commandName: String
  let abstract: String?
  let discussion: String?
  let aliases: [String]?
  let shouldDisplay: Bool
  let subcommands: [CommandInfo]?
  let arguments: [ArgumentInfo]?
}

/// One argument, option or flag of a command.
struct ArgumentInfo: Decodable {
  struct Name: Decodable {
    /// `long`, `short` or `longWithSingleDash`.
    let kind: String
    let name: String
  }

  struct Completion: Decodable {
    struct Values: Decodable {
      let values: [String]
    }
    let list: Values?
  }

  /// `positional`, `option` or `flag`.
  let kind: String
  let names: [Name]?
  let preferredName: Name?
  let valueName: String?
  let abstract: String?
  let discussion: String?
  let defaultValue: String?
  let allValues: [String]?
  let allValueDescriptions: [String: String]?
  let completionKind: Completion?
  let isRepeating: Bool
  let shouldDisplay: Bool
}

extension ArgumentInfo {
  /// The values, in the order help lists them, each with its description when it has one.
  var values: [(String, String?)] {
    let order =
      allValues ?? completionKind?.list?.values ?? allValueDescriptions?.keys.sorted() ?? []
    guard let allValueDescriptions else { return [] }
    return order.map { ($0, allValueDescriptions[$0]) }
  }
}
