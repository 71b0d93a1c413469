import ArgumentParser
import JourneyStore

extension Roadtrip.Database {
  /// `roadtrip db path [--json]`
  struct Path: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "path",
      abstract: "Print the path of the database in use, whether or not it exists yet.",
      discussion: """
        --json prints {"path": PATH, "exists": true or false}: whether a database is there yet.
        """)

    @Flag(help: "Print the path and whether the database exists, as a JSON object.")
    var json = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      let path = try database.resolvedPath()
      guard json else { return try BufferedOutput.standard.write(path + "\n") }
      var object = JSONObjectText()
      object.append("path", .string(path))
      object.append("exists", .bool(try database.databaseExists()))
      try BufferedOutput.standard.write(object.text + "\n")
    }
  }
}
