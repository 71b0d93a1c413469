import Foundation
import Testing

/// ARCHITECTURE.md's map of the library, checked against the code: each folder of
/// `Sources/JourneyStore` uses only the types of the folders it stands on.
@Suite("The library's layers depend one way")
struct LayerTests {
  /// Each folder and the folders it may use: those it stands on, and theirs. SQLite and Model
  /// know nothing of each other; nothing below `Database` knows the front.
  static let layers: [String: Set<String>] = {
    var uses: [String: Set<String>] = [:]
    func layer(_ folder: String, on lower: [String]) {
      uses[folder] = lower.reduce(into: Set(lower)) { $0.formUnion(uses[$1]!) }
    }
    layer("Values", on: [])
    layer("SQLite", on: ["Values"])
    layer("DataFlow", on: [])
    layer("Model", on: ["Values", "DataFlow"])
    layer("Persistence", on: ["SQLite", "Model"])
    layer("Interchange", on: ["Persistence"])
    layer("History", on: ["Persistence", "Interchange"])
    layer("WriteThrough", on: ["Persistence", "History"])
    layer("LiveLists", on: ["Persistence"])
    layer("Sync", on: ["Persistence", "History"])
    layer("Database", on: ["History", "WriteThrough", "LiveLists", "Sync"])
    return uses
  }()

  @Test func everyFolderIsALayer() throws {
    let folders = Set(try Self.sources().map(\.folder))
    #expect(folders == Set(Self.layers.keys))
  }

  @Test func noFolderUsesATypeOfAFolderItDoesNotStandOn() throws {
    let sources = try Self.sources()
    let owners = Self.topLevelTypes(in: sources)
    #expect(owners.count > 40, "the type declarations were not found")
    var wrong: [String] = []
    for source in sources {
      let allowed = try #require(Self.layers[source.folder]).union([source.folder])
      let code = Self.withoutComments(source.text)
      for (type, folder) in owners where !allowed.contains(folder) {
        if code.range(of: "(?<![.\\w])\(type)\\b", options: .regularExpression) != nil {
          wrong.append("\(source.folder)/\(source.name) uses \(type) of \(folder)/")
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.sorted().joined(separator: "\n"))")
  }

  @Test func onlySQLiteImportsCSQLite() throws {
    let importers = try Self.sources().filter { $0.text.contains("import CSQLite") }.map(\.folder)
    #expect(!importers.isEmpty)
    #expect(Set(importers) == ["SQLite"])
  }

  /// One Swift file of the library.
  struct Source {
    let folder: String
    let name: String
    let text: String
  }

  static func sources() throws -> [Source] {
    var root = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
      root.deleteLastPathComponent()
    }
    let library = root.appendingPathComponent("Sources/JourneyStore")
    var sources: [Source] = []
    for folder in try FileManager.default.contentsOfDirectory(atPath: library.path) where !folder.hasSuffix(".docc") {
      let url = library.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".swift") {
        let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
        sources.append(Source(folder: folder, name: name, text: text))
      }
    }
    return sources
  }

  /// Each type declared at the top level of a file (not nested: nested names such as `Value` or
  /// `ID` recur), with the folder that declares it.
  static func topLevelTypes(in sources: [Source]) -> [String: String] {
    let declaration = /^(?:(?:public|internal|final|@\w+) )*(?:class|struct|enum|protocol|actor|typealias) (\w+)/
      .anchorsMatchLineEndings()
    var owners: [String: String] = [:]
    for source in sources {
      for match in source.text.matches(of: declaration) {
        owners[String(match.1)] = source.folder
      }
    }
    return owners
  }

  static func withoutComments(_ text: String) -> String {
    text.replacing(/\/\/.*/, with: "")
  }
}
