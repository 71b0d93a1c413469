import ArgumentParser

extension Roadtrip {
  /// `roadtrip sync [REMOTE]`, `roadtrip sync --status`, `roadtrip sync conflicts [--restore N]`
  struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract:
        "Exchange changes with a remote folder, so that several databases hold the same journeys.",
      usage: """
        roadtrip sync [<remote>] [--db <path>]
        roadtrip sync --status [--db <path>]
        roadtrip sync conflicts [--restore <n>] [--format <format>] [--json] [--db <path>]
        """,
      discussion: """
        Sends this database's changes since its last sync as one new file in REMOTE, and merges \
        the files of the other databases that sync with it, field by field: edits of different \
        fields of a journey both stay; of the same field, the later one wins on every machine and \
        the other is kept ('roadtrip sync conflicts' lists them and puts one back); a delete wins \
        over an edit made without seeing it. What came in is one batch of the history, which \
        'roadtrip undo' takes back. REMOTE is a folder (a USB stick, a share, a folder Syncthing \
        or Dropbox replicates); a missing or empty one becomes a remote. It is remembered: \
        'roadtrip sync' alone uses it. Prints what went out and came in on standard error.
        """,
      subcommands: [Exchange.self, Conflicts.self],
      defaultSubcommand: Exchange.self)
  }
}
