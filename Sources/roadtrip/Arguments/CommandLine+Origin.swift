extension CommandLine {
  /// The command line as a shell would take it, such as `roadtrip transport 1a2b bike`: what the
  /// change log records as the origin of a command's changes.
  static var origin: String {
    // Appended in a loop: `joined(separator:)` is generic over the collection, and its first use
    // walks every conformance record of the static binary, which one edit would pay.
    var origin = "roadtrip"
    for argument in arguments.dropFirst() {
      origin += " " + shellQuoted(argument)
    }
    return origin
  }

  /// An argument as it would be typed: as it is when it is plain, else in single quotes.
  static func shellQuoted(_ argument: String) -> String {
    let plain = !argument.isEmpty && argument.unicodeScalars.allSatisfy {
      $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_./:=@%+,".unicodeScalars.contains($0)
    }
    return plain ? argument : "'" + argument.replacing("'", with: "'\\''") + "'"
  }
}
