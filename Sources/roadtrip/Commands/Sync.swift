import ArgumentParser

extension Roadtrip {
  /// `roadtrip sync [REMOTE]`, `roadtrip sync --status`, `roadtrip sync conflicts [--restore N]`
  struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract:
        "Exchange changes with a remote folder or git repository, so that several databases hold "
        + "the same journeys.",
      usage: """
        roadtrip sync [<remote>] [--secret-file <file>] [-q] [--db <path>]
        roadtrip sync [<remote>] --compact [--secret-file <file>] [-q] [--db <path>]
        roadtrip sync --new-remote <remote> [--secret-file <file>] [-q] [--db <path>]
        roadtrip sync --status [--json] [--db <path>]
        roadtrip sync conflicts [--restore <n>] [--format <format>] [--json] [--db <path>]
        """,
      discussion: """
        Sends this database's changes since its last sync as one new file in REMOTE, and merges \
        the files of the other databases that sync with it, field by field: edits of different \
        fields of a journey both stay; of the same field, the later one wins on every machine and \
        the other is kept ('roadtrip sync conflicts' lists them and puts one back); a delete wins \
        over an edit made without seeing it. What came in is one batch of the history, which \
        'roadtrip undo' takes back. Prints what went out and came in on standard error (on a \
        terminal, also that it is fetching the remote, then the count of changes sent and \
        received while it works).

        REMOTE is a git repository when it is a URL (ssh://, https://, file://, …), an scp-like \
        address (me@host:journeys), a path ending in .git, or a local repository: the real git \
        clones it (under $XDG_CACHE_HOME/roadtrip/remotes), pulls and pushes, with your \
        credentials. Anything else is a folder (a USB stick, a share, a folder Syncthing or \
        Dropbox replicates; write ./a:b for a folder named a:b); a missing or empty one becomes \
        a remote at a database's first sync. The remote and its kind are remembered: \
        'roadtrip sync' alone uses it. A URL's user part, where a token or password lies, is \
        never shown (as git leaves it out).

        A lost remote: a remembered remote that is missing or empty (a USB stick not mounted, \
        a folder removed) is never made again (exit 74: not mounted?), \
        and another new folder is refused (exit 64); a refused sync writes nothing. When the \
        remote is lost for good, 'roadtrip sync --new-remote REMOTE' starts a new one from this \
        database: it sends a snapshot of everything this database holds, then its changes; \
        every other database joins the new remote with the same command, sending its own, and \
        nothing is lost (edits made meanwhile merge as usual, conflicts included). Given the \
        remote this database syncs with, --new-remote syncs as usual; given another journey \
        database's remote (none of its databases ever synced with this one), it is refused \
        (exit 65).

        Encryption: give a secret with --secret-file FILE or in ROADTRIP_SYNC_SECRET (the file \
        wins) and a new remote is encrypted: every file sealed (ChaCha20-Poly1305, the key \
        derived with scrypt), the secret itself stored nowhere. An encrypted remote needs its \
        secret at every sync (exit 64 without it); a file sealed with another secret or \
        changed is refused by name and nothing of it applied (exit 65; 74 when the sync could \
        not send either, both said); a secret given to a plain remote is refused (exit 64).

        --compact then writes a snapshot of every journey (snapshots/ in REMOTE) and removes the \
        change files every database syncing with REMOTE has applied (in a git repository, with \
        a commit that it pushes); a new database joins from the newest snapshot, and one that \
        missed removed files catches up from it.

        Without a terminal (cron, scripts), git never waits for an answer: no password prompt, \
        ssh in batch mode with timeouts (unless GIT_SSH_COMMAND, GIT_SSH or core.sshCommand \
        says otherwise) and a low-speed limit for http; a dead network ends with exit 74.
        """,
      subcommands: [Exchange.self, Conflicts.self],
      defaultSubcommand: Exchange.self)
  }
}
