import ArgumentParser

/// `--db PATH`, on every command, read by ArgumentParser: what it chooses, and how the database is
/// opened, `DatabaseChoice` says.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file.",
      discussion: "Default: $ROADTRIP_DB, else $XDG_DATA_HOME/roadtrip/journeys.sqlite.",
      valueName: "path"),
    completion: .file())
  var path: String?
}

extension DatabaseOptions {
  /// The options of `--db PATH`, or of no `--db`.
  static func make(path: String?) -> Self {
    var options = Self()
    options.path = path
    return options
  }
}

extension DatabaseOptions: DatabaseChoice {}
