import ArgumentParser
import JourneyStore

extension Roadtrip {
  /// `roadtrip types [--format F]`
  struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "types",
      abstract: "List the eight transportation types: slug, title and the original app's icon name.",
      discussion: "JSON objects have the keys slug, title and icon; --format ids prints the slugs.")

    @OptionGroup var output: FormatOptions<OutputFormat>
    @OptionGroup var colors: ColorOptions
    @OptionGroup var database: DatabaseOptions

    func run() throws {
      let (format, includesHeader) = output.resolved
      let standardOutput = BufferedOutput.standard
      let types = TransportationType.allCases
      if let interchange = format.interchangeFormat {
        var writer = RecordWriter(format: interchange, keys: ["slug", "title", "icon"], includesHeader: includesHeader) {
          try standardOutput.write($0)
        }
        for type in types {
          try writer.write([.string(type.rawValue), .string(type.description), .string(type.iconName)])
        }
        try writer.finish()
      } else if format == .ids {
        try standardOutput.write(types.map { $0.rawValue + "\n" }.joined())
      } else {
        let style = Style.standardOutput
        var table = TextTable(headings: ["SLUG", "TITLE", "ICON"])
        for type in types {
          table.append([style.isDecorated ? type.symbol + " " + type.rawValue : type.rawValue, type.description, type.iconName])
        }
        try standardOutput.write(table.render(style: style, includesHeader: includesHeader))
      }
    }
  }
}

extension Roadtrip.Types: ColoredCommand {}
