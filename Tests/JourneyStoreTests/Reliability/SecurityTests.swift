import Foundation
import Testing
@testable import JourneyStore

#if canImport(Glibc)
import Glibc
#endif

/// Journeys are private, SQL never carries a user's value in its text, roadtrip runs no other
/// program, and paths are paths, whatever characters they hold.
@Suite("Reliability: security")
struct SecurityTests {
  @Test func underAUmaskOfZeroFilesAre0600AndFolders0700() async throws {
    let sandbox = try CLISandbox()
    let database = sandbox.folder.file("new/deeper/journeys.sqlite")
    let commands = [
      ["add", "Private", "--db", database],
      ["export", "--db", database, "--output", sandbox.folder.file("export.ndjson")],
      ["db", "backup", sandbox.folder.file("backups/2026/copy.sqlite"), "--db", database],
      ["import", sandbox.folder.file("export.ndjson"), "--db", sandbox.folder.file("imported/journeys.sqlite")],
    ]
    for arguments in commands {
      let quoted = ([RoadtripBinary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
      let result = try await Child.run("/bin/sh", ["-c", "umask 0; exec " + quoted], environment: sandbox.environment, in: sandbox.folder)
      result.expectSuccess("\(arguments)")
    }
    for file in [
      database, sandbox.folder.file("export.ndjson"), sandbox.folder.file("backups/2026/copy.sqlite"),
      sandbox.folder.file("imported/journeys.sqlite"),
    ] {
      #expect(try Self.mode(of: file) == 0o600, "\(file)")
    }
    for folder in ["new", "new/deeper", "backups", "backups/2026", "imported"] {
      #expect(try Self.mode(of: sandbox.folder.file(folder)) == 0o700, "\(folder)")
    }
    // A folder that already existed keeps its mode.
    #expect(try Self.mode(of: sandbox.folder.path) == 0o755)
  }

  @Test func theWALAndSharedMemoryFilesAre0600UnderAUmaskOfZero() async throws {
    let sandbox = try CLISandbox()
    // An import under umask 0 creates the database, then waits inside its transaction for input
    // that a feeder keeps coming: its WAL and shared-memory files exist meanwhile.
    let pipe = Pipe()
    let feeder = try Child(
      "/usr/bin/env", ["python3", "-c", "import time; time.sleep(300)"], environment: sandbox.environment,
      in: sandbox.folder, output: pipe.fileHandleForWriting)
    let quoted = "'\(RoadtripBinary.path)' import"
    let importing = try Child(
      "/bin/sh", ["-c", "umask 0; exec " + quoted], environment: sandbox.environment, input: pipe.fileHandleForReading,
      in: sandbox.folder)
    try pipe.fileHandleForWriting.close()
    try pipe.fileHandleForReading.close()
    defer {
      importing.signal(SIGKILL)
      feeder.signal(SIGKILL)
    }
    let files = ["", "-wal", "-shm"].map { sandbox.databasePath + $0 }
    let created = try await importing.wait(within: .seconds(120)) { files.allSatisfy(sandbox.exists) }
    #expect(created, "the import did not create its files")
    for file in files {
      #expect(try Self.mode(of: file) == 0o600, "\(file)")
    }
  }

  @Test func sqlTextNeverInterpolatesAValue() throws {
    // Every interpolation inside SQL text in the sources, and why each is safe: none holds
    // anything a user typed or a file held; values go through bound parameters.
    let allowed: [String: String] = [
      "Schema.currentVersion": "a constant", "Schema.applicationID": "a constant",
      "name": "the pragma names the code passes as literals", "kind.rawValue": "IMMEDIATE or DEFERRED",
      "sortField.column": "a column of the field table", "direction": "ASC or DESC", "field.column": "a column of the field table",
      "columns": "the column list", "JourneyRow.columns": "the column list", "clauses": "text with ? placeholders only",
      "JourneyField.transportationType.column": "a column", "JourneyField.startDate.column": "a column",
      "types.map { _ in \"?\" }.joined(separator: \", \")": "placeholders",
      "JourneyField.all.map(\\.column).joined(separator: \", \")": "the column list",
      "String(repeating: \", ?\", count: JourneyField.all.count)": "placeholders",
      "index.name": "an index name read from sqlite_schema, of the schema's own indexes",
      "kibibytes": "a page-cache size the code computes, an integer",
      "previous": "the page-cache size read back from PRAGMA cache_size, an integer",
      "condition": "one of two fixed conditions on batch kinds, or a fixed condition on change rows with ? placeholders, from Reversal, or on the log's ranges, from ChangeLog+Ranges",
      "values.count": "the number of a ? placeholder", "Self.batchColumns": "the batch table's column list",
      "reading.columns": "the change table's columns as a batch reads them, from EffectiveRows and JourneyField.all",
      "reading.order(isNewestFirst: isNewestFirst)": "ASC or DESC",
      "conditions.joined(separator: \" AND \")": "fixed conditions with ? placeholders",
      "query.isNewestFirst ? \"DESC\" : \"\"": "DESC or nothing",
      "journey": "a fixed condition with a ? placeholder, or nothing",
      "needed": "a fixed subquery with a ? placeholder", "newest": "min or max",
      "rows.deleted": "'insert' or 'delete'", "rows.inserted": "'insert' or 'delete'", "rows.newestFirst": "ASC or DESC",
      "rows.after(field)": "a column of the change table", "rows.after(JourneyField.all[0])": "a column of the change table",
      "field.name": "a field's name in JourneyField.all", "deletedLater": "a fixed subquery with ? placeholders",
      "differs": "comparisons of columns of JourneyField.all", "values": "a list of columns of the change table",
      "match": "a schema version number in an error message, not SQL that runs",
      "table": "a table of Schema.leftovers, a constant",
      "named": "a fixed join of the change log and the journey table, with a condition from Reversal",
      "Self.joinedColumns": "the journey table's field columns, from JourneyField.all",
      "Self.oldColumns": "the change table's old-value columns, from JourneyField.all",
      "Self.columns": "the journey table's field columns, from JourneyField.all",
      "JourneyRow.fieldColumns": "the journey table's field columns, from JourneyField.all",
      "Self.version8Columns.joined(separator: \", \")": "version 8's register columns, constants of RegisterStore",
      "isDescending ? \"DESC\" : \"ASC\"": "ASC or DESC",
      "existingCondition": "a fixed condition with ? placeholders, or nothing",
      "assignments": "columns of JourneyField.all set to ? placeholders",
      "row": "a rowid's and an id's ? placeholders", "columns.count + 2": "a placeholder's number",
      "first": "a fixed subquery with ? placeholders",
      "select": "a fixed SELECT with ? placeholders: of journeys to insert again, from Reversal, or of deletes to log, from Batch",
      "logged": "the change table's old and new columns of fields of JourneyField.all",
      "placeholders": "numbered ? placeholders",
      "restored": "a fixed SELECT of the change log with ? placeholders, from Reversal",
      "index": "the number of a ? placeholder",
      "deletedKind": "a change kind, 'insert' or 'delete', from EffectiveRows",
      "inner": "a query's WHERE and ORDER BY clauses: columns of JourneyField.all, ? placeholders",
      "outer": "a query's ORDER BY and LIMIT clauses: columns of JourneyField.all, ? placeholders",
      "column": "a column of JourneyField.all, with + to keep SQLite from ordering by its index",
      "BatchState.closed.rawValue": "the number of a batch state, a constant",
      "names(journey: \"?1\")": "the log's lookup of a journey by a ? placeholder",
      "names(journey: \"?\\(index)\")": "the log's lookup of a journey by a numbered ? placeholder",
      "ChangeLog.names(journey: \"u.journey\", in: \"d.journey\")": "the log's lookup of one row's journey in another's",
      "BatchState.openSelfLogged.rawValue": "the number of a batch state, a constant",
      "local": "a fixed condition on batches with a ? placeholder, from ChangeLog+Sending",
      "Self.conflictColumns": "sync_conflict's column list",
      "try connection.pragma(\"page_size\")": "the file's page size, a number SQLite gave, for a dry run's copy",
      "ChangeLog.rows": "the log's rows as a fixed subquery, from ChangeLog+Ranges",
      "Self.rows": "the log's rows as a fixed subquery, from ChangeLog+Ranges",
      "valueColumns": "the change table's old and new columns of fields of JourneyField.all",
      "noValues": "NULL for each old and new column of fields of JourneyField.all",
      "Self.noValues": "NULL for each old and new column of fields of JourneyField.all",
      "ranges(holdingJourneyAt: index)": "a fixed FROM clause of the log's ranges with a numbered ? placeholder",
      "Self.rangeIDs(holdingJourneyAt: 1)": "a fixed subquery of the log's ranges with a ? placeholder",
      "ranges": "a fixed WHERE clause of the log's ranges with a ? placeholder, or nothing",
      "rangeChangeID": "the fixed expression of a range's log row id",
      "Self.rangeChangeID": "the fixed expression of a range's log row id",
      "journeys()": "a fixed FROM clause of the log's ranges and their journeys",
      "Self.journeys()": "a fixed FROM clause of the log's ranges and their journeys",
      "Self.journeys(ofRanges: selected)": "a fixed FROM clause of some of the log's ranges and their journeys",
      "ChangeLog.rangeJourneyCount(ofBatchAt: 1)": "a fixed SELECT counting a batch's ranges' journeys, a ? placeholder",
      "anchoredChangeID": "the fixed expression of an anchored range's log row id",
      "Self.anchoredChangeID": "the fixed expression of an anchored range's log row id",
      "anchored()": "a fixed FROM clause of the log's anchored ranges and the undo's rows",
      "deletes": "a fixed SELECT of deletes to log from a join of the log and the journeys, from Batch",
      "journeys(ofRanges: oneRange)": "a fixed FROM clause of one range and its journeys, a ? placeholder",
      "anchored(ofRanges: oneRange)": "a fixed FROM clause of one anchored range and the undo's rows, a ? placeholder",
      "names(journey: \"?\\(index)\", in: \"d.journey\")": "the log's lookup of a journey by a numbered ? placeholder",
      "Batch.oldColumns": "the change table's old-value columns, from JourneyField.all",
      "Batch.columns": "the journey table's field columns, from JourneyField.all",
      "duration": "the duration column, from JourneyField, in the fixed subquery of the longest duration",
      "batches": "a fixed condition on a batch id (`= ?n`, or `IN` a fixed subquery of the batch table)",
      "read": "the fixed subquery of the batches a sync waits to send, with a ? placeholder",
      "ofOrigin": "a fixed condition on a batch's origin, with a ? placeholder (undo of one's own changes)",
      "place": "the fixed expression of a range row's place (its id, or minus it), from ChangeLog+RangeRows",
      "source": "a fixed FROM clause of one range's journeys or the undo's rows, bounded by ? placeholders",
      "key": "j.rowid or d.id, the key a range's rows are read in the order of",
      "order": "ASC or DESC",
    ]
    let keywords = try Regex(#"\b(SELECT|INSERT|UPDATE|DELETE|WHERE|VALUES|PRAGMA|DROP|CREATE|BEGIN|ORDER BY|IN \()\b"#)
    var found: [String] = []
    var files = 0
    for file in try Self.sourceFiles() {
      files += 1
      let text = try String(contentsOfFile: file, encoding: .utf8)
      var inMultiline = false
      var multiline: [String] = []
      for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        let quotes = line.components(separatedBy: "\"\"\"").count - 1
        if inMultiline || quotes % 2 == 1 { multiline.append(line) }
        if quotes % 2 == 1 {
          if inMultiline {
            let literal = multiline.joined(separator: "\n")
            if literal.contains(keywords) { found += Self.interpolations(in: literal).map { "\(file): \($0)" } }
            multiline = []
          }
          inMultiline.toggle()
          continue
        }
        if !inMultiline, line.contains(keywords), line.contains("\"") {
          found += Self.interpolations(in: line).map { "\(file): \($0)" }
        }
      }
    }
    #expect(files > 50)
    #expect(!found.isEmpty, "the scan finds the safe interpolations, so it would find an unsafe one")
    let unexpected = found.filter { allowed[String($0.split(separator: ": ", maxSplits: 1)[1])] == nil }
    #expect(unexpected.isEmpty, "interpolated into SQL: \(unexpected)")
  }

  /// The two exceptions: the pager (CLI.md: on a terminal, the user's own `$PAGER`, else
  /// `less -FRX`, shows a long table, as git does; piped output never starts it), and `git` for
  /// a sync through a git remote (SYNC.md, "Remotes": `Git+Spawn.swift` starts it with an
  /// argument vector, never through a shell).
  @Test func roadtripRunsNoOtherProgram() throws {
    let forbidden = ["Process(", "posix_spawn", "system(", "popen(", "execv", "execl", "fork(", "/bin/sh"]
    let allowed = ["/Sources/roadtrip/Output/Pager.swift", "/Sources/JourneyStore/Sync/Transport/Git+Spawn.swift"]
    for file in try Self.sourceFiles() where !allowed.contains(where: file.hasSuffix) {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      for word in forbidden {
        #expect(!text.contains(word), "\(file) uses \(word)")
      }
    }
  }

  @Test(arguments: [
    "with spaces/my journeys.sqlite", "it's \"quoted\"/j'ourneys\".sqlite", "-leading-dash/-journeys.sqlite",
    "new\nline/jour\nneys.sqlite", "$(touch pwned)/`touch pwned`.sqlite", "ünïcödé 🚲/*.sqlite", "semi;colon/a;b.sqlite",
  ])
  func pathsAreTakenLiterally(_ relative: String) async throws {
    let sandbox = try CLISandbox()
    let database = sandbox.folder.file(relative)
    let environment = ["ROADTRIP_DB": database]
    let add = try await sandbox.runBounded(["add", "Odd path"], environment: environment)
    add.expectSuccess()
    #expect(sandbox.exists(database))
    #expect(try await sandbox.runBounded(["db", "path"], environment: environment).standardOutput == database + "\n")
    // --db=PATH works as the variable does, also relative to the working folder.
    let list = try await sandbox.runBounded(["list", "--format", "ids", "--db=" + relative])
    list.expectSuccess()
    #expect(list.lines == [add.standardOutput.trimmingCharacters(in: .newlines)])
    // An export to, an import from and a backup to equally odd names.
    let folder = (relative as NSString).deletingLastPathComponent
    let export = sandbox.folder.file(folder + "/-out " + "'x'.ndjson")
    try await sandbox.runBounded(["export", "--output", export], environment: environment)
      .expectSuccess()
    let imported = try await sandbox.runBounded(["import", "--on-conflict", "skip", "--", export], environment: environment)
    imported.expectSuccess()
    #expect(imported.standardError.hasPrefix("Imported 0 journeys (1 skipped)"))
    let backup = sandbox.folder.file(folder + "/-copy\n.sqlite")
    try await sandbox.runBounded(["db", "backup", backup], environment: environment).expectSuccess()
    #expect(try sandbox.records(at: backup).count == 1)
    // Nothing else appeared: no file named after a part of a path, no command ran.
    let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.file(folder)).sorted()
    let expected = [(database as NSString).lastPathComponent, "-out 'x'.ndjson", "-copy\n.sqlite"].sorted()
    #expect(names == expected)
    #expect(!sandbox.exists(sandbox.folder.file("pwned")))
  }

  // MARK: - Helpers

  static func mode(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  /// The Swift files of the library and the command.
  static func sourceFiles() throws -> [String] {
    var root = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
      root.deleteLastPathComponent()
    }
    let sources = root.appendingPathComponent("Sources").path
    let enumerator = FileManager.default.enumerator(atPath: sources)
    var files: [String] = []
    while let name = enumerator?.nextObject() as? String {
      if name.hasSuffix(".swift") { files.append(sources + "/" + name) }
    }
    return files.sorted()
  }

  /// The expressions interpolated into a piece of text: `\(expression)`, nested parentheses included.
  static func interpolations(in text: String) -> [String] {
    var results: [String] = []
    let characters = Array(text)
    var index = 0
    while index + 1 < characters.count {
      guard characters[index] == "\\", characters[index + 1] == "(" else {
        index += 1
        continue
      }
      var depth = 1
      var end = index + 2
      while end < characters.count, depth > 0 {
        if characters[end] == "(" { depth += 1 }
        if characters[end] == ")" { depth -= 1 }
        end += 1
      }
      results.append(String(characters[(index + 2)..<(end - 1)]))
      index = end
    }
    return results
  }
}
