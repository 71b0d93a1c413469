import Foundation

@testable import JourneyStore

/// Several databases and one remote folder in a temporary folder, for tests of sync through the
/// library.
final class SyncWorld {
  let folder: TemporaryFolder
  let remotePath: String
  private(set) var databases: [JourneyDatabase] = []

  init(replicas: Int) throws {
    folder = try TemporaryFolder()
    remotePath = folder.file("remote")
    for index in 0..<replicas {
      databases.append(
        try JourneyDatabase(
          path: folder.file("replica-\(index).sqlite"),
          configuration: .init(origin: "replica \(index)")))
    }
  }

  subscript(index: Int) -> JourneyDatabase { databases[index] }

  @discardableResult
  func sync(_ index: Int) throws -> SyncSummary {
    try databases[index].synchronize(with: FolderRemote(path: remotePath))
  }

  /// Syncs every database in order, twice, so that each has every other's files.
  func syncAll() throws {
    for _ in 0..<2 {
      for index in databases.indices { try sync(index) }
    }
  }

  /// The journey table, row by row, as SQLite stores it.
  func table(_ index: Int) throws -> [[DatabaseValue]] {
    var rows: [[DatabaseValue]] = []
    try databases[index].connection.forEachRow(
      "SELECT \(JourneyRow.columns) FROM journey ORDER BY id"
    ) { row in
      rows.append((0..<5).map { row.value(at: $0) })
    }
    return rows
  }

  /// A byte copy of database `index` (`VACUUM INTO`), opened: a database file copied to a second
  /// machine, with the replica id of the first.
  func copy(of index: Int) throws -> JourneyDatabase {
    let path = folder.file("copy.sqlite")
    try databases[index].connection.execute("VACUUM INTO '\(path)'")
    return try JourneyDatabase(path: path, configuration: .init(origin: "copy"))
  }

  /// The names of the files in the remote, sorted.
  func remoteFiles() throws -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: remotePath) else { return [] }
    return (enumerator.allObjects as! [String]).filter {
      $0.hasSuffix(".rtc") || $0.hasSuffix(".json")
    }.sorted()
  }
}

extension Journey {
  /// A journey with a fixed start, for tests.
  static func sample(_ name: String, _ type: TransportationType = .car, id: UUID = UUID())
    -> Journey
  {
    Journey(
      id: id, name: name, transportationType: type,
      startDate: Date(timeIntervalSinceReferenceDate: 700_000_000), duration: 600)
  }
}
