/// Why a change file cannot be read.
enum ChangeFileError: Error, Equatable {
  /// The bytes are not a change file of a format this roadtrip reads.
  case malformed(String)
}
