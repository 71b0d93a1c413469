/// A table as a changeset describes it: its name, its columns in order, the first
/// `primaryKeyColumns` of them its primary key.
///
/// A changeset itself holds the name, the number of columns and which are the primary key; the
/// column names are the caller's, for the SQL that builds or applies it.
struct ChangesetTable: Sendable, Hashable {
  var name: String
  var columns: [String]
  var primaryKeyColumns: Int

  init(name: String, columns: [String], primaryKeyColumns: Int) {
    self.name = name
    self.columns = columns
    self.primaryKeyColumns = primaryKeyColumns
  }
}
