import CSQLite

extension SQLiteError {
  /// A result code of SQLite, primary (`SQLITE_BUSY`, 5) or extended (`SQLITE_CONSTRAINT_CHECK`,
  /// 275), compared with the constants below; see https://sqlite.org/rescode.html.
  public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as SQLite's C API gives it.
    public let rawValue: Int32

    public init(rawValue: Int32) {
      self.rawValue = rawValue
    }

    /// The primary code of an extended one (its low 8 bits); a primary code is its own.
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    public var description: String { String(rawValue) }

    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    public static let permissionDenied = ResultCode(rawValue: SQLITE_PERM)
    public static let abort = ResultCode(rawValue: SQLITE_ABORT)
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    public static let outOfMemory = ResultCode(rawValue: SQLITE_NOMEM)
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    /// `SQLITE_INTERRUPT`: the statement was stopped before its end (long work whose task was
    /// cancelled).
    public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    public static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    public static let authorization = ResultCode(rawValue: SQLITE_AUTH)
    /// `SQLITE_FORMAT`, which SQLite no longer uses: a changeset of another table's shape.
    public static let format = ResultCode(rawValue: SQLITE_FORMAT)
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    /// `SQLITE_CONSTRAINT_CHECK`: a CHECK constraint refused a value.
    public static let checkConstraint = ResultCode(rawValue: SQLITE_CONSTRAINT | (1 << 8))
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`: a row's primary key is another's.
    public static let primaryKeyConstraint = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
    /// `SQLITE_CONSTRAINT_UNIQUE`: a UNIQUE constraint refused a duplicate.
    public static let uniqueConstraint = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
  }
}
