import ArgumentParser

extension Roadtrip {
  /// `roadtrip config KEY [VALUE]`, `config --unset KEY`, `config --list`: the defaults people
  /// change, git-style.
  struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "config",
      abstract: "Print or set a default: a new journey's type and duration, the first day of the week, colour, pager.",
      usage: """
        roadtrip config <key> [<value>]
        roadtrip config --unset <key>
        roadtrip config --list
        """,
      discussion: """
        As git config does: KEY alone prints the value set (exit code 1 when none is), KEY VALUE \
        sets it, --unset removes it, --list prints every setting as key=value. Settings live in \
        $XDG_CONFIG_HOME/roadtrip/config (~/.config/roadtrip/config when XDG_CONFIG_HOME is \
        unset), in git's format. A value a key does not take is refused, with the values it \
        takes; a line of the file that cannot be used is named on standard error, with its \
        number, and the default holds. Options on the command line and --color win over the \
        settings; core.pager wins over $PAGER, as git's does.

        The settings: \(ConfigKey.allCases.map { "\($0.rawValue), \($0.summary)" }.joined(separator: "; ")).
        """)

    @Argument(help: ArgumentHelp("The setting, such as default.transport.", valueName: "key"))
    var key: String?

    @Argument(help: ArgumentHelp("Its new value.", valueName: "value"))
    var value: String?

    @Flag(name: [.short, .long], help: "Print every setting as key=value.")
    var list = false

    @Flag(help: "Remove the setting: its default holds again.")
    var unset = false

    func validate() throws {
      if list {
        guard key == nil, !unset else { throw ValidationError("--list takes no key and no --unset") }
        return
      }
      guard let key else {
        throw ValidationError("give a key (roadtrip config default.transport), a key and a value, or --list")
      }
      guard let setting = ConfigKey.named(key) else { throw ValidationError(ConfigKey.unknown(key)) }
      if unset, value != nil { throw ValidationError("--unset takes a key and no value") }
      if let value, setting.checked(value) == nil {
        throw ValidationError("'\(value)' is not a value of \(setting.rawValue); use \(setting.allowed)")
      }
    }

    func run() throws {
      guard let path = ConfigFile.defaultPath else {
        throw CommandError.usage("no settings file: neither XDG_CONFIG_HOME nor HOME is set")
      }
      var file = Configuration.file ?? ConfigFile(path: path)
      if list {
        let lines = ConfigKey.allCases.compactMap { key in file.values[key].map { "\(key.rawValue)=\($0)\n" } }
        try BufferedOutput.standard.write(lines.joined())
        return
      }
      guard let setting = ConfigKey.named(key ?? "") else { throw CommandError.usage(ConfigKey.unknown(key ?? "")) }
      if unset {
        // Nothing to remove is no failure, as `rm -f` has it.
        guard file.values[setting] != nil else { return }
        file.set(setting, to: nil)
        try file.write()
      } else if let value, let checked = setting.checked(value) {
        file.set(setting, to: checked)
        try file.write()
      } else {
        guard let value = file.values[setting] else { throw ExitCode.failure }
        try BufferedOutput.standard.write(value + "\n")
      }
    }
  }
}
