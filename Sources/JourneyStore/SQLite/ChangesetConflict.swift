/// A change that `Connection.apply` cannot make as it is, and what stands in its way; the
/// conflict handler answers with a `Resolution`.
struct ChangesetConflict: Sendable, Equatable {
  var kind: Kind
  /// The change; `nil` for `.foreignKey`, which is about the changeset as a whole.
  var change: RowChange?
  /// The row the database holds under the change's primary key, for `.data` and `.conflict`.
  var databaseRow: [DatabaseValue]?
  /// How many foreign keys the applied changes leave dangling, for `.foreignKey`.
  var foreignKeyViolations: Int

  init(
    kind: Kind, change: RowChange?, databaseRow: [DatabaseValue]? = nil,
    foreignKeyViolations: Int = 0
  ) {
    self.kind = kind
    self.change = change
    self.databaseRow = databaseRow
    self.foreignKeyViolations = foreignKeyViolations
  }
}

extension ChangesetConflict {
  /// What stands in a change's way (SQLite's `SQLITE_CHANGESET_…` constants).
  enum Kind: Sendable, Hashable {
    /// The row of an update or delete is there, with other values than the change's old ones.
    case data
    /// The row of an update or delete is not there.
    case notFound
    /// An insert's primary key is another row's.
    case conflict
    /// A constraint (CHECK, NOT NULL, UNIQUE) refused the change.
    case constraint
    /// Once every change is made, foreign keys are left dangling.
    case foreignKey
  }

  /// What the conflict handler decides.
  enum Resolution: Sendable, Hashable {
    /// Skip the change and go on.
    case omit
    /// Make the change over the database's row (for `.data` and `.conflict` only).
    case replace
    /// Stop, and take back every change the changeset made.
    case abort
  }
}
