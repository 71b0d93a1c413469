import ArgumentParser
import JourneyStore

/// Shell completion of what only the database knows: the ids of journeys, for every argument
/// that names journeys, and the fields `set` takes with the types after `transportationType=`.
/// The shell runs roadtrip to ask; it reads the database of `--db` on the command line (else the
/// default) and creates nothing. zsh and fish show each id with its journey's name and each type
/// with its title, as they show descriptions; bash, which has none, gets the bare values.
enum JourneyCompletion {
  /// Completes an id.
  static let ids = CompletionKind.custom { words, index, prefix in
    let prefix = word(at: index, in: words) ?? prefix
    return journeyIDs(startingWith: prefix, databasePath: databasePath(in: words))
  }

  /// Completes an id, a `FIELD=` of `set`, or a type after `transportationType=` (or its aliases).
  static let idsAndFields = CompletionKind.custom { words, index, prefix in
    let prefix = word(at: index, in: words) ?? prefix
    if let types = typesAfterTypeField(words: words, index: index, word: prefix) { return types }
    let fields =
      JourneyField.all.map { $0.name + "=" } + JourneyField.Edit.endNames.map { $0 + "=" }
    return fields.filter { $0.hasPrefix(prefix) }
      + journeyIDs(startingWith: prefix, databasePath: databasePath(in: words))
  }

  /// Completes an id or a transportation type, for `transport`.
  static let idsAndTypes = CompletionKind.custom { words, index, prefix in
    let prefix = word(at: index, in: words) ?? prefix
    return types(startingWith: prefix, after: "")
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

  /// The types to offer when the word completes the value of `transportationType=`, `transport=`
  /// or `type=`; `nil` when it does not. zsh and fish hand over the word whole
  /// (`transport=b`); bash splits it at `=`, into the field's name, `=`, and what follows.
  private static func typesAfterTypeField(words: [String], index: Int, word: String) -> [String]? {
    func isTypeField(_ name: String) -> Bool {
      (try? JourneyField.named(name)) == .transportationType
    }
    if let equals = word.firstIndex(of: "="), isTypeField(String(word[..<equals])) {
      return types(
        startingWith: String(word[word.index(after: equals)...]), after: String(word[...equals]))
    }
    if word == "=", index >= 1, isTypeField(words[index - 1]) {
      return types(startingWith: "", after: "")
    }
    if index >= 2, words[index - 1] == "=", isTypeField(words[index - 2]) {
      return types(startingWith: word, after: "")
    }
    return nil
  }

  /// The types whose slug starts with `prefix`, each after `lead` (`transport=`), with its title.
  private static func types(startingWith prefix: String, after lead: String) -> [String] {
    TransportationType.allCases.filter { $0.rawValue.hasPrefix(prefix.lowercased()) }.map {
      candidate(lead + $0.rawValue, describedAs: $0.description)
    }
  }

  /// The full ids of the journeys, lowercase, that start with `prefix`, each with its name, but
  /// for those roadtrip cannot read as they are; none when the database cannot be read.
  private static func journeyIDs(startingWith prefix: String, databasePath: String?) -> [String] {
    var ids: [String] = []
    let prefix = prefix.lowercased()
    try? DatabaseOptions.make(path: databasePath).openExisting().forEachJourney(
      JourneyQuery(sortedBy: []), onUnreadable: { _ in }
    ) {
      let id = $0.id.uuidString.lowercased()
      if id.hasPrefix(prefix) { ids.append(candidate(id, describedAs: $0.name)) }
    }
    return ids
  }

  /// A value to complete, as the asking shell reads one with a description: `value:description`
  /// for zsh's `_describe` (a colon in the value escaped), `value<TAB>description` for fish, the
  /// value alone for bash. Control characters in the description are escaped: one line each.
  private static func candidate(_ value: String, describedAs description: String) -> String {
    let description = description.escapingControlCharacters
    guard !description.isEmpty else { return value }
    switch CompletionShell.requesting {
    case .zsh?: return value.replacing(":", with: "\\:") + ":" + description
    case .fish?: return value + "\t" + description
    default: return value
    }
  }
}
