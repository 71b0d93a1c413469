import ArgumentParser
import JourneyStore

/// `--fields id,name,…`: the keys, and columns, that `list` and `export` print, in order, as gh's
/// `--json fields` chooses them; names as `JourneyRecord.key(named:)` reads them.
struct FieldsOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The keys (columns) to print, in order, separated by commas: \(JourneyRecord.keys.joined(separator: ", ")) (or a field's alias). Default: all.",
      valueName: "keys"),
    completion: .list(JourneyRecord.keys))
  var fields: String?

  func validate() throws {
    let keys = try ValidationError.checking { () throws(JourneyInputError) in try self.keys() }
    if let repeated = keys.first(where: { key in keys.count { $0 == key } > 1 }) {
      throw ValidationError("--fields names \(repeated) more than once; name each key once")
    }
  }
}

extension FieldsOptions {
  /// Whether `--fields` is given.
  var isChosen: Bool {
    fields != nil
  }

  /// The keys chosen, in order; every key of a journey record when `--fields` is not given.
  /// - Throws: `JourneyInputError.unknownKey`, also for an empty list.
  func keys() throws(JourneyInputError) -> [String] {
    guard let fields else { return JourneyRecord.keys }
    // Keys hold no spaces: "id, name" reads as "id,name".
    let names = fields.split(separator: ",", omittingEmptySubsequences: false).map { String($0.filter { !$0.isWhitespace }) }
    return try names.map { name throws(JourneyInputError) in try JourneyRecord.key(named: name) }
  }
}

extension FieldsOptions {
  /// The options of `--fields`, or of none (`ListCommandLine`).
  static func make(fields: String?) -> Self {
    var options = Self()
    options.fields = fields
    return options
  }
}
