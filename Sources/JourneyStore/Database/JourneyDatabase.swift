#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A roadtrip database: a SQLite file of journeys and the log of every change made to them.
///
/// It hands out **managed** journeys: `@Observable` objects it keeps track of through Observation,
/// so it knows which fields of which journeys were edited since the last `save()`, and writes
/// only those. Other processes may use the same file at any time: `edit(_:_:)` reads and writes
/// in one immediate transaction, and `save()` writes only the edited fields.
///
/// A database, its managed journeys, its live lists and their bindings belong to one isolation
/// (the main actor, or one actor or thread of yours); none of them is `Sendable`. Long work (a
/// bulk import) runs on another `JourneyDatabase` opened on the same `path` in a detached task;
/// the async forms of long work (`importJourneys(from:onConflict:duplicates:isDryRun:progress:isolation:)`,
/// export, undo and redo, vacuum) run there by themselves, and this one takes the result in when
/// they return. Only plain data crosses: ids, queries, changes, `JourneySnapshot`s of journeys.
///
/// The file is let go when the last reference to the database goes away, or at once with
/// `close()`.
public final class JourneyDatabase {
  /// The path of the database file.
  public let path: String
  /// How the database was opened.
  public let configuration: Configuration
  let connection: Connection
  /// The managed journeys: one object per id, their saved values and their edits.
  let identityMap: IdentityMap
  /// The live lists of this database, told of every change, unsaved edits included.
  let liveLists = LiveListRegistry()
  /// Follows the commits to the file (other processes', and this database's own) into the
  /// managed journeys and the live lists.
  let follower: CommitFollower
  /// Whether the schema was found current and whole before this database's first write or its
  /// first read of the log.
  var isSchemaVerified = false
  /// Whether the file was brought up to date for writing (`prepareForWriting()`).
  var isPreparedForWriting = false
  /// The batches this database's other connections (the write-through queue, long work)
  /// committed whose outcome it has not taken: its own, when its reader meets them in the log.
  let batchesInFlight = BatchesInFlight()
  /// The batches in flight of the database this one works for, when it runs long work for it
  /// (`runLongWork`): each batch is noted there before its commit. `nil` for a database of its own.
  var worksFor: BatchesInFlight?
  /// Whether `close()` was called: the database, its connection and its managed journeys are
  /// let go, and every call that reads or writes throws `JourneyDatabaseError.closed`.
  public internal(set) var isClosed = false
  /// Saves write-through writes off the owner's thread, once there was one.
  var writeThroughQueue: WriteThroughQueue?
  /// The write-through writes whose outcome has not been taken.
  var pendingWrites = PendingWrites()
  /// The actor that owns the database, when write-through bindings were made on one: it takes
  /// their outcomes by itself.
  var writeThroughOwner: (any Actor)?
  /// Called with the managed journeys whose unsaved edits are gone because the journeys are:
  /// deleted by another process (or by an undo), as `refresh()`, `follow()`, an `outsideChanges()`
  /// sequence or a fetch takes the delete in. A change of another process to a field never
  /// discards an edit (`save()` writes the edit over it), so only deletes are told.
  ///
  /// Each object still holds the values edited: a UI can say what was lost, or add the journey
  /// again (`add(_:)` with the same object). It runs on the database's isolation, once the
  /// changes taken in are applied, so that the live lists no longer hold the journeys.
  ///
  /// ```swift
  /// database.onEditsDiscarded = { journeys in
  ///   alert = "\(journeys.map(\.name)) were deleted elsewhere; your changes were not saved"
  /// }
  /// ```
  public var onEditsDiscarded: (([Journey]) -> Void)? {
    get { follower.onEditsDiscarded }
    set { follower.onEditsDiscarded = newValue }
  }

  /// Opens the database at `path`, creating it (and its folders) when it does not exist.
  ///
  /// Opening and reading never write to an existing file: a file of an older schema is read as it
  /// is (journeys; its change log once it is upgraded) and upgraded, as `upgradeSchema()` does,
  /// right before the first write; a file in rollback-journal mode (a backup) stays in it until
  /// then. A new file gets mode 0600 and new folders mode 0700: journeys are private.
  /// - Throws: `JourneyDatabaseError` when the file is not a roadtrip database, has a newer
  ///   schema or cannot be created; `SQLiteError` when SQLite cannot open or read it (a file
  ///   that is not a database is `.corrupt`). A file that is refused is left untouched.
  public convenience init(path: String, configuration: Configuration = Configuration()) throws {
    let connection = try Self.connect(path: path, configuration: configuration)
    self.init(path: path, configuration: configuration, connection: connection)
  }

  /// A database on a connection already open, such as a copy in memory.
  init(path: String, configuration: Configuration, connection: Connection) {
    self.path = path
    self.configuration = configuration
    identityMap = IdentityMap(onEdit: { [liveLists] in liveLists.journeyChanged($0) })
    self.connection = connection
    follower = CommitFollower(
      connection: connection, identityMap: identityMap, liveLists: liveLists,
      batchesInFlight: batchesInFlight)
  }
}
