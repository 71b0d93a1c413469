/// The sections of roadtrip(1) that no command's help holds: the environment, the files, and
/// examples (those of the README's tour, which its tests run).
extension ManualPage {
  /// `ENVIRONMENT`: each variable roadtrip reads, and what for.
  static let environment: [(String, String)] = [
    ("ROADTRIP_DB", "The database, when --db does not give one."),
    ("XDG_DATA_HOME", "The default database is $XDG_DATA_HOME/roadtrip/journeys.sqlite (~/.local/share/roadtrip when unset)."),
    ("ROADTRIP_BUSY_TIMEOUT", "How long, in milliseconds, a command waits for another process's lock before exit code 75 (default 5000)."),
    ("ROADTRIP_SYNC_SECRET", "The secret of an encrypted sync remote, when --secret-file does not give one."),
    ("XDG_CACHE_HOME", "Where sync keeps its clones of git remotes: $XDG_CACHE_HOME/roadtrip/remotes (~/.cache when unset)."),
    ("TZ", "The time zone of dates shown on a terminal, of dates typed without an offset, and of export --spreadsheet."),
    ("NO_COLOR", "Set: no colour, symbols or box drawing (as --color=never); TERM=dumb too."),
    ("PAGER", "The pager of long tables (less -FRX by default); empty or cat: none."),
    ("COLUMNS", "The width tables fit on a terminal, instead of the terminal's."),
  ]

  /// `FILES`: the files roadtrip reads and writes.
  static let files: [(String, String)] = [
    ("~/.local/share/roadtrip/journeys.sqlite", "The default database (mode 0600, its folders 0700), with its -wal and -shm files beside it."),
    ("~/.cache/roadtrip/remotes/", "The clones of git remotes that sync uses."),
  ]

  /// `EXAMPLES`: command lines and what they do.
  static let examples: [(String, String)] = [
    ("roadtrip add \"Coast road\" --transport car --start 2026-11-21T08:00:00Z --duration 1h30m", "Adds a journey and prints its id."),
    ("roadtrip list --transport car | roadtrip transport - bike", "Makes every car journey a bike ride: - reads the ids list prints."),
    ("roadtrip set f8a0 end=18:30 --json", "Sets the end (and so the duration) of the journey whose id starts with f8a0, and prints it as JSON."),
    ("roadtrip list --format tsv --header | sqlite-utils insert trips.db trips - --tsv", "Copies the journeys into another SQLite database; the header names the columns."),
    ("roadtrip export --spreadsheet -o trips.csv", "Writes a CSV for LibreOffice or Excel, in local time; import --spreadsheet reads it back."),
    ("roadtrip import trips.csv --on-conflict update --dry-run", "Shows what an edited file would change, journey by journey and field by field."),
    ("roadtrip sync -q /media/usb/journeys", "Syncs with a folder on a USB stick, printing errors only (for cron and timers)."),
    ("roadtrip undo", "Takes back the most recent command."),
  ]

  /// Writes the three sections into a page.
  static func appendSections(to page: inout ManualText) {
    page.macro("SH", "ENVIRONMENT")
    for (name, about) in environment { page.tagged(name, about) }
    page.macro("SH", "FILES")
    for (name, about) in files { page.tagged(name, about) }
    page.macro("SH", "EXAMPLES")
    for (command, about) in examples { page.tagged(command, about) }
  }
}

extension ManualText {
  /// A tagged paragraph: a bold tag, then its text.
  mutating func tagged(_ tag: String, _ about: String) {
    macro("TP")
    line("\\fB" + Self.escaped(tag) + "\\fR")
    line(Self.escaped(about))
  }
}
