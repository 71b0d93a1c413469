#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JourneyDatabase {
  /// The id of the one journey whose id is `text` or starts with it.
  /// - Throws: As `journey(matching:)`; `JourneyDatabaseError.foreignID` when no lowercase id
  ///   matches but an id another program stored in capitals does: it is named, with its repair,
  ///   rather than reported missing.
  public func resolveID(_ text: String) throws -> UUID {
    try checkOpen()
    let prefix = text.lowercased()
    guard Self.isIDPrefix(prefix) else { throw JourneyDatabaseError.invalidID(text) }
    do {
      return try uniqueID(matching: text, in: JourneyTable.idsByPrefix)
    } catch JourneyDatabaseError.journeyNotFound(let missing) {
      if let foreign = try journeyTable.foreignID(startingWith: prefix) {
        throw JourneyDatabaseError.foreignID(foreign)
      }
      throw JourneyDatabaseError.journeyNotFound(missing)
    }
  }

  /// The one id that `query` (ids from `?1`, the lowercased text, on, at most 11) finds for
  /// `text`, a full id or a prefix of one.
  /// - Throws: `JourneyDatabaseError.journeyNotFound`, or `.ambiguousID` listing candidates and
  ///   their names.
  func uniqueID(matching text: String, in query: String) throws -> UUID {
    var matches: [UUID] = []
    try connection.forEachRow(query, [.text(text.lowercased())]) { row in
      if let id = JourneyRow.id(of: row) { matches.append(id) }
    }
    switch matches.count {
    case 0: throw JourneyDatabaseError.journeyNotFound(text)
    case 1: return matches[0]
    default:
      let candidates = Array(matches.prefix(10))
      // Names tell the candidates apart for a person; a deleted journey has its last one.
      let names = try candidates.map { try lastKnownName(of: $0) ?? "" }
      throw JourneyDatabaseError.ambiguousID(text, candidates: candidates, names: names)
    }
  }

  /// Whether `text` (lowercased) is a full id or the start of one with at least 4 hex digits.
  private static func isIDPrefix(_ text: String) -> Bool {
    let template = Array("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx".utf8)
    let bytes = Array(text.utf8)
    guard bytes.count <= template.count, bytes.filter({ $0 != UInt8(ascii: "-") }).count >= 4 else { return false }
    return zip(bytes, template).allSatisfy { byte, expected in
      expected == UInt8(ascii: "-")
        ? byte == expected
        : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
  }
}
