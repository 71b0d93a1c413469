import Foundation
import Testing

/// roadtrip(1), the manual page `roadtrip generate-manual` makes from the command tree and
/// `scripts/install` installs beside the binary: in step with every command's `--help`, and a
/// page that man reads.
@Suite("The manual page")
struct ManualPageTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The page, as `roadtrip generate-manual` prints it.
  private func page(_ sandbox: CLISandbox) async throws -> String {
    let result = try await sandbox.run("generate-manual")
    #expect(result.exitCode == 0 && result.standardError.isEmpty, "\(result)")
    return result.standardOutput
  }

  /// Every command of `roadtrip --help` and of its commands with subcommands (`db`, `history`),
  /// as the words that name it.
  private func commands(_ sandbox: CLISandbox) async throws -> [[String]] {
    func listed(_ help: String) -> [String] {
      let section = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first ?? ""
      let block = section.components(separatedBy: "\n\n").first ?? ""
      return block.matches(of: /(?m)^  ([a-z][\w-]*)/).map { String($0.1) }.filter { $0 != "help" }
    }
    var commands: [[String]] = []
    for name in listed(try await sandbox.run("--help").standardOutput) {
      commands.append([name])
      for sub in listed(try await sandbox.run(name, "--help").standardOutput) {
        commands.append([name, sub])
      }
    }
    return commands
  }

  /// A section of the page as text: man's escapes read back, spaces collapsed.
  private func plain(_ roff: String) -> String {
    var text = roff.replacing("\\-", with: "-").replacing("\\e", with: "\\").replacing("\\&", with: "")
    for font in ["\\fB", "\\fI", "\\fR"] { text = text.replacing(font, with: "") }
    text = text.replacing(/\\\[u([0-9A-F]{4,5})\]/) { match in
      String(UnicodeScalar(UInt32(match.1, radix: 16)!)!)
    }
    return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test func everyCommandAndOptionOfHelpIsInThePage() async throws {
    let sandbox = try CLISandbox()
    let page = try await page(sandbox)
    let commands = try await commands(sandbox)
    #expect(commands.count > 20 && commands.contains(["db", "check"]) && commands.contains(["history", "prune"]))
    for command in commands {
      let title = ".SS \"roadtrip \(command.joined(separator: " "))\"\n"
      let start = try #require(page.range(of: title), "\(command) has no section")
      let section = plain(String(page[start.upperBound...]).components(separatedBy: "\n.SS ").first ?? "")
      let help = try await sandbox.run(command + ["--help"], environment: ["COLUMNS": "1000"])
      help.expectSuccess()
      let overview = help.standardOutput.components(separatedBy: "\n\n").first ?? ""
      let abstract = overview.replacing("OVERVIEW: ", with: "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(section.contains(abstract), "\(command): '\(abstract)' not in\n\(section)")
      let options = help.standardOutput.components(separatedBy: "OPTIONS:\n").dropFirst().first ?? ""
      let names = options.matches(of: /(?m)^  (?:-\w, )?(--[\w-]+)/).map { String($0.1) }
      #expect(!names.isEmpty, "\(command)")
      for name in names where !["--db", "--version", "--help"].contains(name) {
        #expect(section.contains(name), "\(command): \(name) not in its section")
      }
      let usage = help.standardOutput.firstMatch(of: /USAGE: (.*)/).map { String($0.1) } ?? ""
      #expect(section.contains(usage.split(whereSeparator: \.isWhitespace).joined(separator: " ")), "\(command): \(usage)")
    }
    #expect(!page.contains(".SS \"roadtrip generate-manual\""), "the hidden command is not listed")
  }

  /// man's formatter reads the page without a warning, and shows what help says.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")))
  func groffReadsThePageWithoutAWarning() async throws {
    let sandbox = try CLISandbox()
    let file = sandbox.folder.file("roadtrip.1")
    try await page(sandbox).write(toFile: file, atomically: false, encoding: .utf8)
    let result = try await Child.run(
      "/usr/bin/groff", ["-man", "-Tutf8", "-ww", file], environment: sandbox.environment, in: sandbox.folder)
    #expect(result.exitCode == 0 && result.standardError.isEmpty, "\(result.standardError)")
    let text = result.standardOutput.replacing(/.\x08/, with: "")
    #expect(text.contains("roadtrip - Edit a database of journeys from the shell and in pipelines."), "\(text.prefix(400))")
    #expect(text.contains("hired-car - Shared Ride (car.front.waves.up)"), "the values of --transport")
  }

  /// `scripts/install PREFIX` puts the binary in PREFIX/bin and the page it makes in
  /// PREFIX/share/man/man1, where man finds it.
  @Test func scriptsInstallPutsTheBinaryAndThePageInPlace() async throws {
    let sandbox = try CLISandbox()
    let prefix = sandbox.folder.file("prefix")
    var environment = sandbox.environment
    environment["ROADTRIP_BINARY"] = RoadtripBinary.path
    let install = try await Child.run(
      "/bin/sh", [Self.root.appendingPathComponent("scripts/install").path, prefix], environment: environment,
      in: sandbox.folder)
    install.expectSuccess()
    let binary = prefix + "/bin/roadtrip", manual = prefix + "/share/man/man1/roadtrip.1"
    #expect(FileManager.default.isExecutableFile(atPath: binary))
    let version = try await Child.run(binary, ["--version"], environment: sandbox.environment, in: sandbox.folder)
    #expect(version.standardOutput.hasPrefix("1."), "\(version)")
    #expect(try String(contentsOfFile: manual, encoding: .utf8) == (try await page(sandbox)))
    let permissions = try FileManager.default.attributesOfItem(atPath: manual)[.posixPermissions] as? Int
    #expect(permissions == 0o644)
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
      environment["MANPATH"] = prefix + "/share/man"
      let found = try await Child.run("/usr/bin/man", ["-w", "roadtrip"], environment: environment, in: sandbox.folder)
      #expect(found.standardOutput == manual + "\n", "\(found)")
    }
  }
}
