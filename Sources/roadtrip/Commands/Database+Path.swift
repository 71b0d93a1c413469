import ArgumentParser

extension Roadtrip.Database {
  /// `roadtrip db path`
  struct Path: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "path",
      abstract: "Print the path of the database in use, whether or not it exists yet.")

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      try BufferedOutput.standard.write(try database.resolvedPath() + "\n")
    }
  }
}
