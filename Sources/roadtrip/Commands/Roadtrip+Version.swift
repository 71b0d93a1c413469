extension Roadtrip {
  /// The version `roadtrip --version` prints.
  static let version = "1.1.0"
}
