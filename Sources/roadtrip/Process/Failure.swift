import Glibc
import JourneyStore

/// Why a command failed, as its user sees it: a message for standard error and an exit code.
///
/// This is the one place where errors become exit codes (CLI.md, "Errors and exit codes").
struct Failure {
  /// The exit code.
  let exitCode: ExitStatus
  /// The whole text for standard error, `roadtrip: error: …`, or `nil` to say nothing.
  let message: String?
  /// Text for standard output instead of an error: the help or completion script that
  /// ArgumentParser asks for by throwing.
  var standardOutput: String? = nil
}

extension Failure {
  /// The start of every error message, as git's: `roadtrip: error: `.
  static let errorPrefix = "roadtrip: error: "

  /// A command that failed, for an error of roadtrip or its library; any other error is said as
  /// it describes itself, exit code 1 (ArgumentParser's own are `Failure(commandLine:)`'s).
  init(_ error: any Error) {
    let (code, text) = Self.describe(error) ?? (.failure, String(describing: error))
    self.init(exitCode: code, message: text.map { Self.errorPrefix + $0 })
  }

  /// The exit code and message of the errors of roadtrip and its library; `nil` for
  /// ArgumentParser's own.
  static func describe(_ error: any Error) -> (ExitStatus, String?)? {
    switch error {
    case let error as JourneyInputError:
      return (.usage, error.description)
    case let error as JourneyDatabaseError:
      return describe(error)
    case let error as JourneyValidationError:
      return describe(CommandError.refusedValue(message: error.refusedValueDescription))
    case let error as SQLiteError:
      return describe(error)
    case let error as CommandError:
      return describe(error)
    case let error as SyncError:
      return describe(error)
    case let error as SyncConflictError:
      return describe(error)
    case let error as SyncRemoteError:
      return describe(error)
    case let error as SyncEncryptionError:
      return describe(error)
    default:
      return nil
    }
  }

  private static func describe(_ error: JourneyDatabaseError) -> (ExitStatus, String) {
    switch error {
    case .journeyNotFound:
      return (.noInput, error.description + "; 'roadtrip list' shows the ids")
    case .deletedElsewhere:
      return (.noInput, error.description)
    case .ambiguousID, .invalidID:
      return (.usage, error.description)
    case .duplicateID, .notARoadtripDatabase, .unusableBackup, .refusedValue:
      return (.dataError, error.description)
    case .newerSchema, .needsMigration, .damagedSchema, .unreadableValue, .foreignID, .invalidSchemaVersion:
      return (.dataError, commandLineAdvice(for: error) ?? error.description)
    case .cannotCreate:
      return (.cannotCreate, error.description)
    case .notARegularFile:
      return (.ioError, error.description + " with --db")
    case .untrustedFile:
      return (.ioError, error.description)
    case .revertConflict(let kind, _, _, _):
      return (.failure, error.description + "; 'roadtrip \(kind.rawValue) --force' overwrites them")
    case .historyPruned, .closed:
      return (.failure, error.description)
    }
  }

  private static func describe(_ error: SQLiteError) -> (ExitStatus, String) {
    let reason = error.message
    switch error.kind {
    case .busy:
      return (.temporaryFailure,
        "the database stayed locked by another process (\(reason)); try again, or wait longer with "
          + "ROADTRIP_BUSY_TIMEOUT=MILLISECONDS")
    case .corrupt:
      return (.dataError,
        "the database is damaged or is not a SQLite database (\(reason)); restore a backup with "
          + "'roadtrip db restore FILE', or choose another file with --db")
    case .full:
      return (.ioError, "the disk or the database is full (\(reason)); free some space and try again")
    case .readOnly:
      return (.ioError, "the database cannot be written (\(reason)); check the permissions of the file and its folder")
    case .ioError:
      return (.ioError, "input/output error on the database (\(reason))")
    case .outOfResources:
      let cause = error.systemErrorCode == 0 ? "out of memory" : String(cString: strerror(error.systemErrorCode))
      return (.ioError,
        "the database cannot be used: \(cause) (\(reason)); close other programs, or raise the limit "
          + "(ulimit -n for open files), and try again")
    case .cannotOpen:
      return (.ioError, "the database cannot be opened (\(reason)); check the path and its permissions")
    case .constraint, .other:
      return (.failure, error.description)
    }
  }

  private static func describe(_ error: SyncError) -> (ExitStatus, String) {
    switch error {
    case .notARemote, .unreadableRemoteIdentity, .otherRemote, .unrelatedRemote, .damagedRegisters,
      .refusedRemoteFile:
      return (.dataError, error.description)
    case .cannotReachRemote, .remoteMissing:
      return (.ioError, error.description)
    case .newRemoteNeeded:
      return (.usage, error.description)
    }
  }

  /// The exit codes `SyncRemoteError` documents.
  private static func describe(_ error: SyncRemoteError) -> (ExitStatus, String) {
    switch error {
    case .unreachable(_, let operation, _) where operation == "clone" || operation == "fetch":
      // A repository removed for good is a lost remote, as a folder is.
      return (
        .ioError,
        error.description + "; if the repository is lost for good, 'roadtrip sync --new-remote "
          + "REMOTE' starts a new remote from this database, and every other database joins it "
          + "the same way"
      )
    case .unreachable, .pushRejected, .cacheUnavailable:
      return (.ioError, error.description)
    case .damagedClone, .foreignClone:
      return (.dataError, error.description)
    case .gitMissing, .gitUnusable, .filesTaken:
      return (.failure, error.description)
    }
  }

  /// The exit codes `SyncEncryptionError` documents.
  private static func describe(_ error: SyncEncryptionError) -> (ExitStatus, String) {
    switch error {
    case .secretMissing, .secretNotUsed, .emptySecret, .secretTooLong:
      return (.usage, error.description)
    case .unreadableSecret:
      return (.noInput, error.description)
    case .anotherSecret, .failedAuthentication, .plainFileOnEncryptedRemote, .unknownFormatVersion,
      .unsupportedEncryption, .anotherRemotesFile, .encryptionRemoved, .remoteKeyChanged:
      return (.dataError, error.description)
    case .cannotDeriveKey:
      return (.failure, error.description)
    }
  }

  private static func describe(_ error: SyncConflictError) -> (ExitStatus, String) {
    switch error {
    case .noSuchConflict:
      return (.noInput, error.description + "; 'roadtrip sync conflicts' lists them")
    case .alreadyRestored:
      return (.failure, error.description)
    }
  }

  private static func describe(_ error: CommandError) -> (ExitStatus, String?) {
    switch error {
    case .refusedSyncFiles(let files):
      return (.dataError,
        "refused \(files.count == 1 ? "a file" : "\(files.count) files") of the remote: \(files.joined(separator: "; ")); "
          + "nothing of \(files.count == 1 ? "it" : "them") or of the same replica's later files was applied, the rest "
          + "of the sync completed")
    case .cannotSend(let reason):
      return (.ioError, "received, but could not send: \(reason); the next sync sends it")
    case .several(let errors):
      let described = errors.map { describe($0) ?? (.failure, String(describing: $0)) }
      let text = described.compactMap(\.1).joined(separator: "\n" + errorPrefix)
      return (described.last?.0 ?? .failure, text)
    case .outputClosed:
      return (.success, nil)
    case .cannotWriteOutput(let destination, let reason):
      return (.ioError, "cannot write to \(destination): \(reason)")
    case .cannotReadInput(let reason):
      return (.ioError, "cannot read standard input: \(reason)")
    case .cannotOpenInput(let path, let reason):
      return (.noInput, "cannot open \(path): \(reason)")
    case .malformedInput(let source, .malformed(let line, let reason), let hint):
      return (.dataError, "\(source), line \(line): \(reason); nothing was imported" + (hint.map { "; \($0)" } ?? ""))
    case .malformedInput(let source, .unreadable(let reason), _):
      return (.ioError, "cannot read \(source): \(reason); nothing was imported")
    case .unreachableDatabase(let path, let reason):
      return (.ioError, "cannot reach the database \(path): \(reason); check the permissions of its folders")
    case .wouldOverwriteDatabase(let destination, let database):
      return (.cannotCreate,
        "refusing to write \(destination): it is the database in use (\(database)) or a file SQLite keeps "
          + "beside it; choose another file")
    case .wouldReplaceDatabase(let destination):
      return (.cannotCreate,
        "refusing to write \(destination): it is a SQLite database, which the export would replace; "
          + "choose another file, or add --force to replace it")
    case .openingDatabase(let path, let isCreating, let underlying):
      if let sqlite = underlying as? SQLiteError, sqlite.kind == .cannotOpen {
        return isCreating
          ? (.cannotCreate, "cannot create the database \(path) (\(sqlite.message)); choose another path with --db")
          : (.ioError, "cannot open the database \(path) (\(sqlite.message)); check its permissions")
      }
      let (code, text) = describe(underlying) ?? (.failure, String(describing: underlying))
      guard let text else { return (code, nil) }
      return (code, underlying is SQLiteError ? "\(path): \(text)" : text)
    case .refusedValue(let message):
      return (.usage,
        "the database refused the value (\(message)); start dates lie in the years 0000 to 9999, and a journey "
          + "ends (start plus duration) before the year 10000")
    case .confirmationRequired(let action):
      return (.usage, "refusing to \(action) without --yes, as no terminal can ask; add --yes")
    case .cannotRestoreOver(let path, let reason):
      return (.dataError,
        "cannot restore over \(path) (\(reason)): SQLite cannot read it as a database at all; move it and its "
          + "-wal and -shm files away, then run 'roadtrip db restore' again")
    case .declined(let outcome):
      return (.failure, outcome)
    case .invalidEnvironment(let name, let value, let expected):
      return (.usage, "\(name)='\(value)' is not \(expected); fix or unset it")
    case .noDatabase(let path, let action):
      return (.failure, "there is no database at \(path) yet; \(action)")
    case .damagedDatabase(let path, let count):
      return (.dataError,
        "\(path) is damaged (\(count) problem\(count == 1 ? "" : "s") found, listed above); restore a "
          + "backup with 'roadtrip db restore FILE' unless a problem names another repair")
    case .usage(let message):
      return (.usage, message)
    case .nothingToRevert(let action, let hint):
      return (.failure, "nothing to \(action): \(hint); 'roadtrip history' shows the log")
    case .interrupted:
      return (.interrupted, nil)
    case .journeysLeftOut(let count, let destination):
      let journeys = count == 1 ? "1 journey roadtrip cannot read was" : "\(count) journeys roadtrip cannot read were"
      let them = count == 1 ? "it" : "them"
      guard let destination else {
        return (.dataError,
          "\(journeys) left out, as named above; repair \(them), and 'roadtrip db check' lists every such journey")
      }
      return (.dataError,
        "the export to \(destination) is incomplete: it holds every other journey, and \(journeys) left out, as "
          + "named above; repair \(them) and export again")
    }
  }
}
