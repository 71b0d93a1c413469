extension TransportationType {
  /// Reads a transportation type the way a person types it.
  ///
  /// Accepts the slug (`hired-car`), the Swift case name (`hiredCar`) or the title (`Shared Ride`),
  /// ignoring case, spaces and punctuation.
  /// - Parameter text: What the user typed.
  /// - Throws: `JourneyInputError.invalidTransportationType`, whose message lists the valid slugs
  ///   and suggests the nearest one (`bicycle` suggests `bike`).
  public init(parsing text: String) throws(JourneyInputError) {
    if let exact = TransportationType(rawValue: text) {
      self = exact
      return
    }
    let key = Self.matchingKey(text)
    if let match = Self.allCases.first(where: {
      key == Self.matchingKey($0.rawValue) || key == Self.matchingKey($0.description)
    }) {
      self = match
      return
    }
    let names = Self.allCases.flatMap { type in
      [type.rawValue, type.description, type.iconName].map { (Self.matchingKey($0), type) }
    }
    throw .invalidTransportationType(text, suggestion: key.nearest(among: names))
  }

  /// The type whose slug is exactly `slug`, as the database stores it. The same as
  /// `init(rawValue:)`, by hash: that one compares the text with each slug in turn, a visible
  /// part of an export (P2).
  init?(slug: String) {
    guard let type = Self.bySlug[slug] else { return nil }
    self = type
  }

  /// The type whose slug is exactly these UTF-8 bytes, as `init?(slug:)` reads text: an import
  /// reads one a journey, straight from its input.
  init?(slugUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let index = Self.slugsUTF8.firstIndex(where: { $0.elementsEqual(bytes) }) else { return nil }
    self = Self.allCases[index]
  }

  /// Each case's slug as UTF-8, in the order of `allCases`.
  private static let slugsUTF8 = allCases.map { Array($0.rawValue.utf8) }

  private static let bySlug = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

  /// Lowercased letters and digits only, so that `walk-or-run`, `walkOrRun` and `Walk or run` agree.
  private static func matchingKey(_ text: String) -> String {
    String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter {
      $0.properties.isAlphabetic || $0.properties.numericType != nil
    }))
  }
}
