/// A changeset in SQLite's session-extension format (https://sqlite.org/sessionintro.html):
/// for each table its name, column count and primary key, then its inserted, updated and deleted
/// rows, every value with its storage class.
///
/// `forEachChange` reads it (as SQLite's iterator would), SQLite inverts it (`inverted`)
/// and applies it (`Connection.apply`); `init(table:changes:)` writes it.
struct Changeset: Sendable, Equatable {
  var bytes: [UInt8]

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }
}
