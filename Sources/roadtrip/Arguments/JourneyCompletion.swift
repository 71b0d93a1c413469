import ArgumentParser
import JourneyStore

/// Shell completion of what only the database knows: the ids of journeys, for every argument
/// that names journeys, and the fields `set` takes. The shell runs roadtrip to ask; it reads the
/// database of `--db` on the command line (else the default) and creates nothing.
enum JourneyCompletion {
  /// Completes an id.
  static let ids = CompletionKind.custom { words, index, prefix in
    let prefix = word(at: index, in: words) ?? prefix
    return journeyIDs(startingWith: prefix, databasePath: databasePath(in: words))
  }

  /// Completes an id or a `FIELD=` of `set`.
  static let idsAndFields = CompletionKind.custom { words, index, prefix in
    let prefix = word(at: index, in: words) ?? prefix
    let fields = JourneyField.all.map { $0.name + "=" } + JourneyField.Edit.endNames.map { $0 + "=" }
    return fields.filter { $0.hasPrefix(prefix) } + journeyIDs(startingWith: prefix, databasePath: databasePath(in: words))
  }

  /// Completes an id or a transportation type, for `transport`.
  static let idsAndTypes = CompletionKind.custom { words, index, prefix in
    let prefix = word(at: index, in: words) ?? prefix
    return TransportationType.allValueStrings.filter { $0.hasPrefix(prefix) }
      + journeyIDs(startingWith: prefix, databasePath: databasePath(in: words))
  }

  /// The word being completed, as typed so far: ArgumentParser's prefix is that of the last word,
  /// which is another when the cursor is not at the end of the command line.
  private static func word(at index: Int, in words: [String]) -> String? {
    words.indices.contains(index) ? words[index] : nil
  }

  /// The value of `--db` among the words of the command line being completed.
  private static func databasePath(in words: [String]) -> String? {
    for (index, word) in words.enumerated() {
      if word == "--db", index + 1 < words.count { return words[index + 1] }
      if word.hasPrefix("--db=") { return String(word.dropFirst("--db=".count)) }
    }
    return nil
  }

  /// The full ids of the journeys, lowercase, that start with `prefix`, but for those roadtrip
  /// cannot read as they are; none when the database cannot be read.
  private static func journeyIDs(startingWith prefix: String, databasePath: String?) -> [String] {
    var ids: [String] = []
    let prefix = prefix.lowercased()
    try? DatabaseOptions.make(path: databasePath).openExisting().forEachJourney(
      JourneyQuery(sortField: nil), onUnreadable: { _ in }
    ) {
      let id = $0.id.uuidString.lowercased()
      if id.hasPrefix(prefix) { ids.append(id) }
    }
    return ids
  }
}
