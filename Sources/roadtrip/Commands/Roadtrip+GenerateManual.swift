import ArgumentParser

extension Roadtrip {
  /// `roadtrip generate-manual`: prints roadtrip(1), the manual page, made from the command tree
  /// (`ManualPage`); `scripts/install` installs it beside the binary. Hidden from help: it is for
  /// installing, not for everyday use.
  struct GenerateManual: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "generate-manual",
      abstract: "Print roadtrip's manual page, roadtrip(1), made from every command's help.",
      discussion: "man -l <(roadtrip generate-manual) reads it; scripts/install installs it.",
      shouldDisplay: false)

    func run() throws {
      try BufferedOutput.standard.write(try ManualPage().text)
    }
  }
}
