extension String {
  /// The extension of the last component of this path, after its last dot: `csv` for
  /// `trips/june.csv`, empty for `june.`; `nil` for a name without a dot (`journeys`,
  /// `/dev/stdout`) or whose only dot starts it (`.journeys`).
  var fileNameExtension: Substring? {
    let name = self[(lastIndex(of: "/").map(index(after:)) ?? startIndex)...]
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    return name[index(after: dot)...]
  }
}
