import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error reported by SQLite, with the result codes, SQLite's message and the SQL that failed.
///
/// Its description, what a person or a client's log sees, reads like `SQLite error 19 (CHECK
/// constraint failed: duration >= 0)`: the library's SQL is internal, so it is left out. The
/// debug description adds it (`… while executing UPDATE journey SET duration = ? WHERE id = ?`),
/// and `sql` holds it.
public struct SQLiteError: Error, Sendable {
  /// The primary result code, such as `.busy`.
  public let resultCode: ResultCode
  /// The extended result code, such as `.checkConstraint`.
  public let extendedResultCode: ResultCode
  /// SQLite's own explanation.
  public let message: String
  /// The statement that failed, when there was one.
  public let sql: String?
  /// The operating system's `errno` behind an I/O error or a file that cannot be opened, such
  /// as `ENOSPC` or `EMFILE`; 0 when there was none.
  public let systemErrorCode: Int32

  init(extendedResultCode: Int32, message: String, sql: String? = nil, systemErrorCode: Int32 = 0) {
    self.extendedResultCode = ResultCode(rawValue: extendedResultCode)
    self.resultCode = self.extendedResultCode.primary
    self.message = message
    self.sql = sql
    self.systemErrorCode = systemErrorCode
  }

  /// The error SQLite last reported on a connection.
  init(connection: OpaquePointer, sql: String? = nil) {
    self.init(
      extendedResultCode: sqlite3_extended_errcode(connection),
      message: String(cString: sqlite3_errmsg(connection)), sql: sql,
      systemErrorCode: sqlite3_system_errno(connection))
  }
}

extension SQLiteError {
  /// What went wrong, in the terms a caller decides on.
  public enum Kind: Sendable {
    /// Another connection held a lock past the busy timeout; retrying later may succeed.
    case busy
    /// A constraint refused the data: a CHECK, NOT NULL, UNIQUE or FOREIGN KEY constraint.
    case constraint
    /// The file is not a database, or the database is damaged; or a changeset is.
    case corrupt
    /// The disk or the database is full.
    case full
    /// The file or its file system cannot be written, or permission was denied.
    case readOnly
    /// The file cannot be opened.
    case cannotOpen
    /// The operating system reported an input or output error.
    case ioError
    /// The process or the system ran out of file descriptors or of memory.
    case outOfResources
    /// Anything else.
    case other
  }

  /// What went wrong, in the terms a caller decides on.
  public var kind: Kind {
    // SQLite reports a full disk or a read-only file system met while it extends its
    // shared-memory file, or creates it, as a plain I/O error or "unable to open": the
    // operating system's errno says which.
    if resultCode == .ioError || resultCode == .cannotOpen {
      if systemErrorCode == ENOSPC || systemErrorCode == EDQUOT { return .full }
      if systemErrorCode == EROFS { return .readOnly }
      if systemErrorCode == EMFILE || systemErrorCode == ENFILE || systemErrorCode == ENOMEM { return .outOfResources }
    }
    return switch resultCode {
    case .busy, .locked: .busy
    case .constraint: .constraint
    case .corrupt, .notADatabase, .format: .corrupt
    case .full: .full
    case .readOnly, .permissionDenied, .authorization: .readOnly
    case .cannotOpen: .cannotOpen
    case .ioError: .ioError
    case .outOfMemory: .outOfResources
    default: .other
    }
  }
}

extension SQLiteError {
  /// Whether a PRIMARY KEY or UNIQUE constraint refused a row that duplicates another.
  var isUniquenessViolation: Bool {
    extendedResultCode == .primaryKeyConstraint || extendedResultCode == .uniqueConstraint
  }
}

extension SQLiteError: CustomStringConvertible {
  /// The result code and SQLite's message, without the SQL.
  public var description: String {
    "SQLite error \(resultCode) (\(message))"
  }
}

extension SQLiteError: CustomDebugStringConvertible {
  /// The description, and the statement that failed when there was one.
  public var debugDescription: String {
    sql.map { "\(description) while executing \($0)" } ?? description
  }
}
