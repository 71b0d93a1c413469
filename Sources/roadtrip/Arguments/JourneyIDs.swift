import ArgumentParser
import FoundationEssentials
import JourneyStore

/// The journeys a command names: full ids, unique prefixes of at least 4 hex digits, or `-` for
/// ids read from standard input, one a line (anything after a tab or space is ignored, so that
/// `roadtrip list` can be piped in as it is).
struct JourneyIDs {
  let arguments: [String]
}

extension JourneyIDs {
  /// The argument that stands for the ids on standard input.
  static let standardInput = "-"

  /// Whether the command line names one journey: one id, not `-` (which may read any number).
  /// The one rule of JSON's shape wherever a command prints the journeys it names (`show`,
  /// `set`, `transport`, `delete`): one object then, an array otherwise, even of one journey or
  /// none, so that the shape follows the command line and never the data.
  var namesOneJourney: Bool {
    arguments.count == 1 && arguments[0] != Self.standardInput
  }

  /// Checks what can be checked before the database is open: at least one id, `-` at most once.
  /// - Throws: `ValidationError`.
  func validate() throws {
    guard !arguments.isEmpty else {
      throw ValidationError("name at least one journey: an id, a prefix of at least 4 hex digits, or - to read ids")
    }
    guard arguments.count(where: { $0 == Self.standardInput }) <= 1 else {
      throw ValidationError("- reads ids from standard input once; give it only once")
    }
  }

  /// The ids as typed, with `-` replaced by the ids read from standard input.
  /// - Throws: `CommandError.cannotReadInput`.
  func texts() throws -> [String] {
    var texts: [String] = []
    for argument in arguments {
      guard argument == Self.standardInput else {
        texts.append(argument)
        continue
      }
      for line in try StandardInput.readLines() {
        let fields = line.utf8.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        if let id = fields.first {
          texts.append(String(decoding: id, as: UTF8.self))
        }
      }
    }
    return texts
  }

  /// The id of each journey named, in order, without duplicates.
  /// - Parameter looksUpFullIDs: Whether ids written in full, as roadtrip writes them, are looked
  ///   up too. A command that reads every journey it names anyway, and reports a missing one as
  ///   `.journeyNotFound` with the same message, passes `false` and saves a query per id. When
  ///   any id is a prefix, all are looked up, so that errors keep the order of the ids.
  /// - Throws: `JourneyDatabaseError` for an id that matches no journey (`.journeyNotFound`),
  ///   several (`.ambiguousID`) or is not one (`.invalidID`); `CommandError.cannotReadInput`.
  func resolve(in database: JourneyDatabase, looksUpFullIDs: Bool = true) throws -> [UUID] {
    let texts = try texts()
    let fullIDs = looksUpFullIDs ? [] : texts.compactMap { UUID(lowercasedText: $0) }
    let named = fullIDs.count == texts.count ? fullIDs : try database.reading { try texts.map(database.resolveID) }
    // One id needs no set: making the first Set<UUID> of a process costs a conformance lookup.
    guard named.count > 1 else { return named }
    var seen: Set<UUID> = []
    return named.filter { seen.insert($0).inserted }
  }
}
