/// A `sync` command line of the shape that a timer or cron runs: `sync`, then at most one
/// REMOTE, `-q` or `--quiet`, and `--db PATH` (or `--db=PATH`, also before the command), in any
/// order, as in `roadtrip sync --db trips.sqlite -q` or `roadtrip sync /media/stick/journeys`.
///
/// ArgumentParser's `parseAsRoot` builds the argument sets of `sync` and its subcommands by
/// reflection, which costs more than all the rest of a sync with nothing new (BENCHMARKS.md,
/// P12). A command line of this shape means one thing only, so `roadtrip` runs the sync from it
/// directly, as `PositionalCommandLine` does for edits. Anything else (another option or flag,
/// `--`, help, a subcommand's name where REMOTE would be, a word given twice, an empty REMOTE)
/// goes to ArgumentParser, so that its help, errors and usage read exactly as before.
struct SyncCommandLine {
  /// The remote named, if any.
  let remote: String?
  /// Whether `-q` or `--quiet` was given.
  let isQuiet: Bool
  /// The value of `--db`, if given.
  let databasePath: String?
}

extension SyncCommandLine {
  /// Reads a command line (without the program's name) of this shape.
  /// - Returns: `nil` when the command line has another shape.
  init?(_ commandLine: [String]) {
    let configuration = Roadtrip.Sync.configuration
    // A word that ArgumentParser reads as a subcommand of `sync`, not as REMOTE.
    let subcommands = ["help", "exchange", "conflicts"]
    var words = commandLine.makeIterator()
    var isNamed = false
    var remote: String?
    var isQuiet = false
    var databasePath: String?
    while let word = words.next() {
      if word == "--db" || word.hasPrefix("--db=") {
        guard databasePath == nil else { return nil }
        let path = word == "--db" ? words.next() : String(word.dropFirst("--db=".count))
        guard let path, !path.isEmpty, !path.hasPrefix("-") else { return nil }
        databasePath = path
      } else if !isNamed {
        guard word == configuration.commandName else { return nil }
        isNamed = true
      } else if word == "-q" || word == "--quiet" {
        guard !isQuiet else { return nil }
        isQuiet = true
      } else {
        guard remote == nil, !word.isEmpty, !word.hasPrefix("-"), !subcommands.contains(word) else {
          return nil
        }
        remote = word
      }
    }
    guard isNamed else { return nil }
    self.init(remote: remote, isQuiet: isQuiet, databasePath: databasePath)
  }

  /// Runs the sync of this command line, as `roadtrip sync` with these words runs it.
  func run() throws {
    try Roadtrip.Sync.Exchange.exchange(
      remote: remote, quiet: isQuiet, database: ChosenDatabase(path: databasePath))
  }
}
