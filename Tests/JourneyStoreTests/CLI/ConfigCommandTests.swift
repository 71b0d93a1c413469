import Foundation
import Testing

/// `roadtrip config`: git-style defaults in `$XDG_CONFIG_HOME/roadtrip/config`.
@Suite("roadtrip config")
struct ConfigCommandTests {
  /// The settings file of a sandbox without `XDG_CONFIG_HOME`: under its home.
  private func configPath(_ sandbox: CLISandbox) -> String {
    sandbox.folder.file(".config/roadtrip/config")
  }

  @Test func aSettingIsSetPrintedListedAndUsed() async throws {
    let sandbox = try CLISandbox()
    try await sandbox.run("config", "default.transport", "Bike").expectSuccess()
    try await sandbox.run("config", "default.duration", "1h30").expectSuccess()
    #expect(try String(contentsOfFile: configPath(sandbox), encoding: .utf8)
      == "[default]\n\ttransport = bike\n\tduration = 1h30\n")
    #expect(try await sandbox.run("config", "default.transport").standardOutput == "bike\n")
    let unset = try await sandbox.run("config", "week.start")
    unset.expectExit(1)
    #expect(unset.standardOutput.isEmpty && unset.standardError.isEmpty, "\(unset)")
    let id = try #require(try await sandbox.run("add", "x").lines.first)
    #expect(try sandbox.value("transportationType", of: id) == "bike")
    #expect(try sandbox.value("duration", of: id) == "5400")
    let given = try #require(try await sandbox.run("add", "y", "--transport", "bus", "--duration", "5m").lines.first)
    #expect(try sandbox.value("transportationType", of: given) == "bus", "an option wins")
    #expect(try sandbox.value("duration", of: given) == "300")
    try await sandbox.run("config", "week.start", "sun").expectSuccess()
    #expect(try await sandbox.run("config", "--list").lines
      == ["default.transport=bike", "default.duration=1h30", "week.start=sunday"])
    try await sandbox.run("config", "--unset", "default.duration").expectSuccess()
    #expect(try await sandbox.run("config", "--list").lines == ["default.transport=bike", "week.start=sunday"])
  }

  @Test func theFileIsUnderXDGConfigHome() async throws {
    let sandbox = try CLISandbox()
    let folder = sandbox.folder.file("elsewhere")
    try await sandbox.run(["config", "color.ui", "never"], environment: ["XDG_CONFIG_HOME": folder]).expectSuccess()
    #expect(sandbox.exists(folder + "/roadtrip/config"))
    #expect(!sandbox.exists(configPath(sandbox)))
  }

  @Test(arguments: [
    (["default.transport", "plane"], "'plane' is not a value of default.transport; use walk-or-run, skateboard"),
    (["default.duration", "soon"], "'soon' is not a value of default.duration; use a duration"),
    (["week.start", "funday"], "use sunday, monday, tuesday, wednesday, thursday, friday, saturday"),
    (["color.ui", "yes"], "use auto, always, never"),
    (["default.transprot", "bike"], "'default.transprot' is not a setting (did you mean 'default.transport'?)"),
    ([], "give a key"),
  ])
  func aBadValueIsRefusedWhenSet(_ arguments: [String], _ message: String) async throws {
    let sandbox = try CLISandbox()
    let result = try await sandbox.run(["config"] + arguments)
    result.expectExit(64)
    #expect(result.standardError.contains(message), "\(result)")
    #expect(!sandbox.exists(configPath(sandbox)))
  }

  /// A file another program broke is named with its lines; read commands go on with the
  /// defaults, and the good lines hold.
  @Test func aBrokenFileIsNamedAndNeverStopsARead() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try FileManager.default.createDirectory(
      atPath: sandbox.folder.file(".config/roadtrip"), withIntermediateDirectories: true)
    try "# mine\n[default]\n\ttransport = plane\nthis is not a setting\n[week]\nstart = sunday\n[core]\n\tpagr = less\n"
      .write(toFile: configPath(sandbox), atomically: false, encoding: .utf8)
    let list = try await sandbox.run("list", "--format", "ids")
    list.expectSuccess()
    #expect(list.lines == SampleJourneys.idsByStart)
    #expect(list.standardError.contains("roadtrip: warning: \(configPath(sandbox)):3: 'plane' is not a value of default.transport"), "\(list)")
    #expect(list.standardError.contains("\(configPath(sandbox)):4: 'this is not a setting' is neither [section] nor name = value"), "\(list)")
    #expect(list.standardError.contains("\(configPath(sandbox)):8: 'core.pagr' is not a setting"), "\(list)")
    #expect(try await sandbox.run("config", "week.start").standardOutput == "sunday\n")
    // Setting a key keeps the other lines, comments and all.
    try await sandbox.run("config", "default.transport", "bus").expectSuccess()
    #expect(try String(contentsOfFile: configPath(sandbox), encoding: .utf8)
      == "# mine\n[default]\n\ttransport = bus\nthis is not a setting\n[week]\nstart = sunday\n[core]\n\tpagr = less\n")
  }

  /// `week.start` starts `this-week` and `summary --by week`'s weeks.
  @Test func theFirstDayOfTheWeekIsUsed() async throws {
    let sandbox = try CLISandbox()
    let now = ["ROADTRIP_NOW": "2026-11-28T12:00:00Z"]  // a Saturday
    for day in ["2026-11-22", "2026-11-23"] {  // a Sunday, a Monday
      try await sandbox.run(["add", day, "--start", day + "T10:00:00Z"], environment: now).expectSuccess()
    }
    let monday = try await sandbox.run(["list", "--on", "this-week", "--fields", "name"], environment: now)
    #expect(monday.lines == ["2026-11-23"])
    try await sandbox.run("config", "week.start", "sunday").expectSuccess()
    let sunday = try await sandbox.run(["list", "--on", "this-week", "--fields", "name"], environment: now)
    #expect(sunday.lines == ["2026-11-22", "2026-11-23"])
    let weeks = try await sandbox.run(["summary", "--by", "week"], environment: now)
    #expect(weeks.lines == ["week\t2026-11-22\t2\t7200", "total\tall\t2\t7200"], "\(weeks)")
  }

  @Test func colourAndPagerAreUsed() async throws {
    let sandbox = try CLISandbox()
    try sandbox.seedSamples()
    try await sandbox.run("config", "color.ui", "always").expectSuccess()
    let piped = try await sandbox.run("list", "--format", "table")
    #expect(piped.standardOutput.contains("\u{1B}["), "\(piped)")
    let never = try await sandbox.run("list", "--format", "table", "--color=never")
    #expect(!never.standardOutput.contains("\u{1B}["), "--color wins")
    try await sandbox.run("config", "core.pager", "sed s/^/paged:/").expectSuccess()
    let paged = try await sandbox.runInTerminal(["list"])
    #expect(paged.standardOutput.contains("paged:") && paged.standardOutput.contains("Coast road"), "\(paged)")
  }

  /// The README's `roadtrip config` console lines, run in order as written, print what it shows.
  @Test func theReadmeExamplesRunAsWritten() async throws {
    let text = try String(contentsOf: ReadmeSetupTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    var examples: [(command: [String], output: [String])] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("$ roadtrip config") {
        let command = line.dropFirst("$ roadtrip ".count).prefix { $0 != "#" }
        examples.append((command.split(separator: " ").map(String.init), []))
      } else if !examples.isEmpty {
        if line.hasPrefix("```") { break }
        examples[examples.count - 1].output.append(String(line))
      }
    }
    #expect(examples.count == 4, "\(examples)")
    let sandbox = try CLISandbox()
    for (command, output) in examples {
      let result = try await sandbox.run(command)
      result.expectSuccess()
      #expect(result.lines == output, "\(command)")
    }
  }
}
