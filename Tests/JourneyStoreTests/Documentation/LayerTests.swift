import Foundation
import Testing

/// ARCHITECTURE.md's map of the code, checked against it: each folder of `Sources/JourneyStore`
/// and of `Sources/roadtrip` uses only the types, and the members declared in extensions of other
/// folders' types (such as `String.visibleWidth`), of the folders it stands on.
@Suite("The layers depend one way")
struct LayerTests {
  /// A target of the package, whose folders are layers.
  enum Target: String, CaseIterable, CustomTestStringConvertible {
    case library = "JourneyStore"
    case commandLine = "roadtrip"

    var testDescription: String { rawValue }

    /// Each folder and the folders it may use: those it stands on, and theirs.
    var layers: [String: Set<String>] {
      var uses: [String: Set<String>] = [:]
      func layer(_ folder: String, on lower: [String]) {
        uses[folder] = lower.reduce(into: Set(lower)) { $0.formUnion(uses[$1]!) }
      }
      switch self {
      case .library:
        // SQLite and Model know nothing of each other; nothing below Database knows the front.
        layer("Values", on: [])
        layer("SQLite", on: ["Values"])
        layer("DataFlow", on: [])
        layer("Model", on: ["Values", "DataFlow"])
        layer("Persistence", on: ["SQLite", "Model"])
        layer("Interchange", on: ["Persistence"])
        layer("History", on: ["Persistence", "Interchange"])
        layer("WriteThrough", on: ["Persistence", "History"])
        layer("LiveLists", on: ["Persistence"])
        // Sync's layers: the merge knows registers and clocks, no SQL; sealing knows no file;
        // the files are read and written without knowing where they go; the transport moves
        // them; the store holds all of sync's SQL; the session coordinates them.
        layer("Sync/Merge", on: ["Model"])
        layer("Sync/Sealing", on: ["Values"])
        layer("Sync/Files", on: ["Sync/Merge", "Persistence"])
        layer("Sync/Transport", on: ["Sync/Sealing", "Sync/Files"])
        layer("Sync/Store", on: ["Sync/Transport", "History"])
        layer("Sync/Session", on: ["Sync/Store"])
        layer("Following", on: ["History", "LiveLists"])
        layer("Database", on: ["History", "WriteThrough", "LiveLists", "Sync/Session", "Following"])
      case .commandLine:
        // The terminal's machinery knows no printer; the editor knows no browser; only the
        // commands know the command tree.
        layer("Process", on: [])
        layer("Terminal", on: ["Process"])
        layer("Output", on: ["Terminal"])
        layer("Arguments", on: ["Output"])
        layer("Editor", on: ["Arguments"])
        layer("Browse", on: ["Editor"])
        layer("Commands", on: ["Browse"])
      }
      return uses
    }

    /// The folder of the target's sources.
    var folder: URL {
      var root = URL(fileURLWithPath: #filePath)
      while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
        root.deleteLastPathComponent()
      }
      return root.appendingPathComponent("Sources/\(rawValue)")
    }

    /// The targets whose declarations this one sees: itself, and the library for the command line.
    var visible: [Target] {
      self == .library ? [.library] : [.library, .commandLine]
    }
  }

  @Test(arguments: Target.allCases)
  func everyFolderIsALayer(target: Target) throws {
    let folders = Set(try Self.sources(of: target).map(\.folder))
    #expect(folders == Set(target.layers.keys))
  }

  @Test(arguments: Target.allCases)
  func noFolderUsesATypeOfAFolderItDoesNotStandOn(target: Target) throws {
    let sources = try Self.sources(of: target)
    let owners = Self.topLevelTypes(in: sources)
    #expect(owners.count > 40, "the type declarations were not found")
    var wrong: [String] = []
    for source in sources {
      let allowed = try #require(target.layers[source.folder]).union([source.folder])
      let code = Self.withoutComments(source.text)
      for (type, folder) in owners where !allowed.contains(folder) {
        if code.range(of: "(?<![.\\w])\(type)\\b", options: .regularExpression) != nil {
          wrong.append("\(source.folder)/\(source.name) uses \(type) of \(folder)/")
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.sorted().joined(separator: "\n"))")
  }

  /// A member that a folder adds to another folder's type, or to the standard library's (such as
  /// `String.visibleWidth` or `UUID.lowercasedText`), is used as `.name` (or called as `name(`
  /// on an implicit self): no type name says where it lives. A use counts when no folder the
  /// user stands on (nor the library, for the command line) declares a member of that name.
  @Test(arguments: Target.allCases)
  func noFolderUsesAMemberAddedByAFolderItDoesNotStandOn(target: Target) throws {
    let sources = try Self.sources(of: target)
    let added = Self.membersAddedByExtensions(in: sources)
    #expect(added.count > 10, "the members of extensions were not found")
    let declaring = Self.memberDeclarations(in: sources)
    let elsewhere = try target.visible.filter { $0 != target }
      .reduce(into: Set<String>()) { $0.formUnion(Self.memberDeclarations(in: try Self.sources(of: $1)).keys) }
    var wrong: [String] = []
    for source in sources {
      let allowed = try #require(target.layers[source.folder]).union([source.folder])
      let code = Self.withoutComments(source.text)
      for (member, folder) in added where !allowed.contains(folder) && !elsewhere.contains(member) {
        guard declaring[member, default: []].isDisjoint(with: allowed) else { continue }
        // `.name`, or `name(` called on an implicit self from another extension of the type.
        let use = "\\.\(member)\\b|(?<![\\w.])\(member)\\("
        if code.range(of: use, options: .regularExpression) != nil {
          wrong.append("\(source.folder)/\(source.name) uses .\(member) of \(folder)/")
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.sorted().joined(separator: "\n"))")
  }

  /// The check above finds the uses it is for: the editor's visible width is the terminal's.
  @Test func theMemberCheckSeesAMemberAddedToString() throws {
    let sources = try Self.sources(of: .commandLine)
    #expect(Self.membersAddedByExtensions(in: sources)["visibleWidth"] == "Terminal")
    #expect(Self.membersAddedByExtensions(in: try Self.sources(of: .library))["lowercasedText"] == "Model")
  }

  @Test func onlySQLiteImportsCSQLite() throws {
    let importers = try Self.sources(of: .library).filter { $0.text.contains("import CSQLite") }.map(\.folder)
    #expect(!importers.isEmpty)
    #expect(Set(importers) == ["SQLite"])
  }

  /// The merge is registers and clocks: it names no connection, statement or SQL error, and
  /// holds no SQL statement (the store runs sync's SQL).
  @Test func theMergeRunsNoSQL() throws {
    let merge = try Self.sources(of: .library).filter { $0.folder == "Sync/Merge" }
    #expect(merge.count > 5, "the merge's sources were not found")
    var wrong: [String] = []
    for source in merge {
      let code = Self.withoutComments(source.text)
      for type in ["Connection", "Statement", "SQLiteError", "Changeset", "RowChange"]
      where code.range(of: "(?<![.\\w])\(type)\\b", options: .regularExpression) != nil {
        wrong.append("\(source.name) uses \(type)")
      }
      if code.range(of: Self.sqlStatement, options: .regularExpression) != nil {
        wrong.append("\(source.name) holds a SQL statement")
      }
    }
    #expect(wrong.isEmpty, "\(wrong.sorted().joined(separator: "\n"))")
  }

  /// Sync's SQL is its store's: no other folder of Sync/ holds a SQL statement (the session
  /// asks the store, as the front asks the session).
  @Test func onlySyncsStoreHoldsSQL() throws {
    let sync = try Self.sources(of: .library).filter { $0.folder.hasPrefix("Sync/") }
    #expect(sync.filter { $0.folder == "Sync/Store" }.count > 10, "the store's sources were not found")
    let wrong = sync.filter { source in
      source.folder != "Sync/Store"
        && Self.withoutComments(source.text).range(of: Self.sqlStatement, options: .regularExpression) != nil
    }
    #expect(wrong.isEmpty, "\(wrong.map { "\($0.folder)/\($0.name)" }.sorted())")
  }

  /// The front reaches sync through its session: its sync file names none of the store's types
  /// but the public ones it returns (and `BulkReads.mode`, the task-local reading mode it carries
  /// to the worker's thread), and asks a remote its kind rather than testing its type.
  @Test func theFrontAsksTheSyncSession() throws {
    let sources = try Self.sources(of: .library)
    let front = try #require(sources.first { $0.folder == "Database" && $0.name == "JourneyDatabase+Sync.swift" })
    let code = Self.withoutComments(front.text)
    let store = Self.topLevelTypes(in: sources).filter { $0.value == "Sync/Store" }.keys
    #expect(store.contains("RegisterStore") && store.contains("SyncRecords"))
    let named = store.filter { type in
      !["SyncStatus", "SyncConflict", "HeldBackReplica", "BulkReads"].contains(type)
        && code.range(of: "(?<![.\\w])\(type)\\b", options: .regularExpression) != nil
    }
    #expect(named.isEmpty, "\(named.sorted())")
    #expect(!code.contains("GitRemote"))
  }

  /// A string literal that starts a SQL statement.
  static let sqlStatement =
    "\"\\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|REPLACE|WITH)\\b"

  /// One Swift file of a target.
  struct Source {
    /// Its folder, as the layers name it: `History`, or `Sync/Merge` for a folder's sub-folder.
    let folder: String
    let name: String
    let text: String
  }

  /// Every Swift file of the target, by folder: a folder's files, or, for a folder of
  /// sub-folders (`Sync`), each sub-folder's, the sub-folders being layers of their own.
  static func sources(of target: Target) throws -> [Source] {
    let root = target.folder
    var sources: [Source] = []
    func subfolders(of url: URL) throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: url.path).filter { name in
        var isFolder: ObjCBool = false
        return !name.hasSuffix(".docc")
          && FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder)
          && isFolder.boolValue
      }
    }
    func add(_ url: URL, as folder: String) throws {
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".swift") {
        let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
        sources.append(Source(folder: folder, name: name, text: text))
      }
    }
    for folder in try subfolders(of: root) {
      let url = root.appendingPathComponent(folder)
      let layers = try subfolders(of: url)
      try add(url, as: folder)
      for layer in layers { try add(url.appendingPathComponent(layer), as: folder + "/" + layer) }
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

  /// The members (properties and methods, by name) declared at the top level of an extension of
  /// a type that the extension's folder does not declare, with that folder.
  static func membersAddedByExtensions(in sources: [Source]) -> [String: String] {
    let owners = topLevelTypes(in: sources)
    let extensionStart = /^(?:(?:public|internal|fileprivate|private) )?extension (\w+)/.anchorsMatchLineEndings()
    let member = /^  (?:(?:public|internal|static|mutating|nonmutating|final|@\w+) )*(?:func|var|let) (\w+)/
    var added: [String: String] = [:]
    for source in sources {
      var isForeign = false
      for line in source.text.split(separator: "\n", omittingEmptySubsequences: false) {
        if let start = line.firstMatch(of: extensionStart) {
          isForeign = owners[String(start.1)] != source.folder
        } else if line.first == "}" || (line.first.map { !$0.isWhitespace } ?? false) {
          isForeign = false
        } else if isForeign, let declared = line.firstMatch(of: member) {
          added[String(declared.1)] = source.folder
        }
      }
    }
    return added
  }

  /// Every member name declared anywhere in the sources (properties, methods, enum cases, at any
  /// depth), with the folders that declare one of that name.
  static func memberDeclarations(in sources: [Source]) -> [String: Set<String>] {
    let declaration = /(?:func|var|let|case) (\w+)/
    var folders: [String: Set<String>] = [:]
    for source in sources {
      for match in withoutComments(source.text).matches(of: declaration) {
        folders[String(match.1), default: []].insert(source.folder)
      }
    }
    return folders
  }

  static func withoutComments(_ text: String) -> String {
    text.replacing(/\/\/.*/, with: "")
  }
}
