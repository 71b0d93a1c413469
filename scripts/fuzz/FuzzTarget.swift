// A libFuzzer target for roadtrip's readers and parsers, compiled into the JourneyStore module
// (so that it reaches internal API) by scripts/fuzz/run.sh. FUZZ_TARGET picks what is fuzzed:
// json, ndjson, csv, tsv (the journey readers), date, duration or edit (the parsers), changeset or
// changeset-written (SQLite's changeset format).
//
// Beyond "never crash", each target checks a property, and traps when it fails:
// - readers: the input read whole and read through a pipe 1 to 16 bytes at a time give the same
//   journeys (values, ids, lines) or the same error; the JSON scanner never calls a final input
//   incomplete;
// - date: a date that parses (any form `add --start` takes, relative words read from a fixed
//   now) lies in the years 0000 to 9999, and both its ISO 8601 text and the text a terminal
//   shows in the local zone (`TZ`: try Australia/Lord_Howe or Pacific/Kiritimati) read back;
// - edit: a `FIELD=VALUE` of `set` that parses and applies to a journey at either end of the
//   calendar leaves its start in the years 0000 to 9999 and its duration not negative;
// - duration: a duration that parses is within the calendar, its seconds text parses back to it,
//   and its description parses back to within half a millisecond; and any 8 bytes taken as a
//   Double format as a date and a duration without trapping;
// - changeset: the input as a changeset of a table of three columns, its first the key, is read by
//   `Changeset.forEachChange` exactly as SQLite's iterator reads it (`forEachChangeReadBySQLite`:
//   the same changes, or the same error), and again change by change where `forEachKeyText` found
//   each (`change(at:of:)`, as a sync merges them; at any other offset without a crash), then
//   inverted and applied to a database in memory without a crash;
// - changeset-written: the same on a changeset `ChangesetWriter` writes of changes the input
//   picks (values of every kind, naughty strings, reals by any bits), which must then read back as
//   the changes written, and apply.

#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

private enum FuzzTarget: String {
  case json, ndjson, csv, tsv, date, duration, edit, changeset
  case changesetWritten = "changeset-written"

  static let current: FuzzTarget = {
    guard let name = getenv("FUZZ_TARGET").map({ String(cString: $0) }), let target = FuzzTarget(rawValue: name) else {
      fatalError("set FUZZ_TARGET to json, ndjson, csv, tsv, date, duration, edit, changeset or changeset-written")
    }
    return target
  }()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  switch FuzzTarget.current {
  case .json: fuzzReader(bytes, .json)
  case .ndjson: fuzzReader(bytes, .ndjson)
  case .csv: fuzzReader(bytes, .csv)
  case .tsv: fuzzReader(bytes, .tsv)
  case .date: fuzzDate(bytes)
  case .duration: fuzzDuration(bytes)
  case .edit: fuzzEdit(bytes)
  case .changeset: fuzzChangeset(Changeset(bytes: bytes))
  case .changesetWritten: fuzzWrittenChangeset(bytes)
  }
  return 0
}

/// What a reader made of a whole input: the journeys, or the error that stopped it.
private struct Outcome: Equatable {
  var journeys: [[String]] = []
  var error: InterchangeError?

  init(_ reader: JourneyReader) {
    do {
      while let journey = try reader.next() {
        journeys.append(["\(journey.line)", journey.id?.uuidString ?? "-"] + journey.values.stored.map { "\($0)" })
      }
    } catch {
      self.error = error
    }
  }
}

private func fuzzReader(_ bytes: [UInt8], _ format: InterchangeFormat) {
  let whole = Outcome(JourneyReader(bytes: bytes, format: format))
  var descriptors: [Int32] = [0, 0]
  guard bytes.count <= 60_000, pipe(&descriptors) == 0 else { return }
  defer { close(descriptors[0]) }
  // A pipe holds 64 KiB: all of the input is written before it is read.
  let written = bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress, bytes.count) }
  close(descriptors[1])
  guard written == bytes.count || bytes.isEmpty else { fatalError("the pipe took \(written) of \(bytes.count) bytes") }
  let chunkSize = 1 + (bytes.first.map { Int($0) } ?? 0) % 16
  let chunked = Outcome(JourneyReader(descriptor: descriptors[0], format: format, chunkSize: chunkSize))
  guard chunked == whole else {
    fatalError("read whole: \(whole); read \(chunkSize) bytes at a time: \(chunked)")
  }
  if format == .json || format == .ndjson {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer, at: 0, isFinal: true)
      do {
        try scanner.document()
      } catch {
        guard error as? JSONScanner.Failure != .incomplete else { fatalError("a final input is incomplete") }
      }
    }
  }
}

/// The instant relative words are read from: fixed, so that a failure replays.
private let fuzzNow = Date(timeIntervalSinceReferenceDate: 817_300_800)

private func fuzzDate(_ bytes: [UInt8]) {
  let text = String(decoding: bytes, as: UTF8.self)
  guard let date = try? DateExpression.date(text, now: fuzzNow) else { return }
  guard Journey.calendar.contains(date) else {
    fatalError("'\(text)' was read as \(date.timeIntervalSinceReferenceDate), outside the years 0000 to 9999")
  }
  guard let again = Date(iso8601: date.iso8601), again == date else {
    fatalError("'\(text)' is \(date.timeIntervalSinceReferenceDate), written \(date.iso8601), read back otherwise")
  }
  // A terminal shows the date to the second, in the local zone where that reads back.
  let whole = Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down))
  guard (try? DateExpression.date(whole.localText, now: fuzzNow)) == whole else {
    fatalError("'\(text)' is \(whole.iso8601), shown as '\(whole.localText)', read back otherwise")
  }
}

private func fuzzEdit(_ bytes: [UInt8]) {
  let text = String(decoding: bytes, as: UTF8.self)
  guard let equals = text.firstIndex(of: "=") else { return }
  DateExpression.withNow(fuzzNow) {
    guard let edit = try? JourneyField.Edit(name: String(text[..<equals]), text: String(text[text.index(after: equals)...]))
    else { return }
    for start in [fuzzNow, Journey.earliestStart, Journey.endLimit.addingTimeInterval(-3_600)] {
      let journey = Journey(name: "fuzz", startDate: start, duration: 1_800)
      guard (try? edit.apply(to: journey)) != nil else { continue }
      guard Journey.calendar.contains(journey.startDate), journey.duration >= 0 else {
        fatalError("'\(text)' on a journey starting \(start.iso8601) made \(journey.startDate.iso8601), \(journey.duration)")
      }
    }
  }
}

private func fuzzDuration(_ bytes: [UInt8]) {
  if bytes.count >= 8 {
    let bits = bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let value = Double(bitPattern: bits)
    _ = value.durationDescription
    _ = value.secondsText
    _ = Date(timeIntervalSinceReferenceDate: value).iso8601
  }
  let text = String(decoding: bytes, as: UTF8.self)
  guard let duration = try? TimeInterval(parsingDuration: text) else { return }
  guard duration >= 0, duration < Journey.longestDuration else { fatalError("'\(text)' is \(duration) seconds") }
  guard (try? TimeInterval(parsingDuration: duration.secondsText)) == duration else {
    fatalError("'\(text)' is \(duration), written \(duration.secondsText), read back otherwise")
  }
  let described = duration.durationDescription
  guard let again = try? TimeInterval(parsingDuration: described), abs(again - duration) <= 0.00051 * max(1, duration / 1e12) else {
    fatalError("'\(text)' is \(duration), described '\(described)', read back otherwise")
  }
}

/// The table the changeset targets read: like the journey table, a text key and other columns.
private let fuzzTable = ChangesetTable(name: "item", columns: ["id", "first", "second"], primaryKeyColumns: 1)

/// A database in memory holding the table, to apply changesets to (libFuzzer runs one input at a
/// time, on one thread).
nonisolated(unsafe) private let fuzzConnection: Connection = {
  do {
    let connection = try Connection(path: "fuzz", busyTimeout: .seconds(1), inMemory: true)
    try connection.execute("CREATE TABLE item (id TEXT PRIMARY KEY NOT NULL, first, second)")
    return connection
  } catch {
    fatalError("no database in memory: \(error)")
  }
}()

/// Reads the changeset both ways and traps unless both read the same; inverts and applies it.
/// - Returns: The changes read, `nil` for bytes both refused.
@discardableResult
private func fuzzChangeset(_ changeset: Changeset) -> [RowChange]? {
  let ours = Result { try changeset.changes(of: fuzzTable) }
  let sqlites = Result {
    var changes: [RowChange] = []
    try changeset.forEachChangeReadBySQLite(of: fuzzTable) { changes.append($0) }
    return changes
  }
  let read: [RowChange]?
  switch (ours, sqlites) {
  case (.success(let ours), .success(let sqlites)) where ours == sqlites: read = ours
  case (.failure(let ours as SQLiteError), .failure(let sqlites as SQLiteError))
  where ours.extendedResultCode == sqlites.extendedResultCode && ours.message == sqlites.message:
    read = nil
  default: fatalError("\(changeset.bytes): read \(ours), SQLite read \(sqlites)")
  }
  // Read again where the keys' reading found each change, as a sync merges them: the same
  // changes; and read at any offset at all, which must stay inside the bytes.
  var offsets: [Int] = []
  if let read, (try? changeset.forEachKeyText(of: fuzzTable) { offset, _ in offsets.append(offset) })
    != nil
  {
    let again = offsets.map { try? changeset.change(at: $0, of: fuzzTable) }
    guard again == read else { fatalError("\(changeset.bytes): read again \(again), not \(read)") }
  }
  for offset in -1...changeset.bytes.count {
    _ = try? changeset.change(at: offset, of: fuzzTable, oldValuesOfUpdates: false)
  }
  _ = try? changeset.inverted()
  _ = try? fuzzConnection.apply(changeset, of: fuzzTable) { _ in .replace }
  return read
}

/// Naughty strings for the values of written changesets (none when the corpus is not there).
private let fuzzTexts: [String] = {
  guard let data = FileManager.default.contents(atPath: "../shared/conformance/blns/blns.json"),
    let texts = try? JSONDecoder().decode([String].self, from: data)
  else { return ["", "a", "nul\u{0}", "émoji 🚌"] }
  return texts
}()

private func fuzzWrittenChangeset(_ bytes: [UInt8]) {
  var input = bytes[...]
  func next() -> UInt8 { input.popFirst() ?? 0 }
  func nextBits() -> UInt64 { (0..<8).reduce(UInt64(0)) { value, _ in value << 8 | UInt64(next()) } }
  func value() -> DatabaseValue {
    switch next() % 8 {
    case 0: return .null
    case 1: return .integer(Int64(bitPattern: nextBits()))
    case 2: return .real(Double(bitPattern: nextBits()))
    case 3: return .text(fuzzTexts[Int(next()) % fuzzTexts.count])
    case 4: return .invalidText((0..<Int(next() % 8)).map { _ in next() })
    case 5: return .blob((0..<Int(next() % 64)).map { _ in next() })
    case 6: return .text(String(repeating: "long ", count: Int(next()) * 40))
    default: return .text(String(decoding: (0..<Int(next() % 16)).map { _ in next() }, as: UTF8.self))
    }
  }
  var writer = ChangesetWriter()
  var written: [RowChange] = []
  writer.appendHeader(of: fuzzTable)
  while !input.isEmpty {
    let kind = next()
    if kind == UInt8(ascii: "T") {
      writer.appendHeader(of: fuzzTable)
      continue
    }
    let key = DatabaseValue.text("\(written.count) " + fuzzTexts[Int(next()) % fuzzTexts.count])
    let change: RowChange
    switch kind % 3 {
    case 0: change = .insert([key, value(), value()])
    case 1: change = .delete([key, value(), value()])
    default:
      let mask = next()
      change = .update(
        old: [key, mask & 1 == 0 ? nil : value(), mask & 2 == 0 ? nil : value()],
        new: [nil, mask & 4 == 0 ? nil : value(), mask & 8 == 0 ? nil : value()])
    }
    writer.append(change)
    written.append(change)
  }
  // What SQLite keeps of a value: a NaN is NULL, text bytes that are UTF-8 are text.
  let stored = { (value: DatabaseValue?) -> DatabaseValue? in
    switch value {
    case .real(let real)? where real.isNaN: return .null
    case .invalidText(let bytes)?: return bytes.withUnsafeBufferPointer { DatabaseValue(text: $0) }
    default: return value
    }
  }
  let expected = written.map { change -> RowChange in
    switch change {
    case .insert(let values): .insert(values.map { stored($0)! })
    case .delete(let values): .delete(values.map { stored($0)! })
    // The iterator drops an old value of a column neither the key nor in the new record.
    case .update(let old, let new):
      .update(
        old: old.indices.map { $0 == 0 || new[$0] != nil ? stored(old[$0]) : nil },
        new: new.map(stored))
    }
  }
  guard let read = fuzzChangeset(Changeset(bytes: writer.bytes)), read == expected else {
    fatalError("\(written) written, read otherwise")
  }
}
