import ArgumentParser

extension ColorChoice: ExpressibleByArgument {
  static var allValueDescriptions: [String: String] {
    [
      "auto": "on a terminal, unless NO_COLOR is set or TERM is dumb (the default)",
      "always": "also when piped, whatever NO_COLOR says",
      "never": "plain text",
    ]
  }
}
