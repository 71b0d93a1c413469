/// One editable field of a journey, described once for every part of the program that reads or
/// writes fields: the `set` command, JSON keys, CSV columns, the database, the change log and the
/// editor. `JourneyField.all` is the only list of them.
public final class JourneyField: Sendable {
  /// The field's name: its JSON key, CSV column and name in `roadtrip set`, such as `startDate`.
  public let name: String
  /// Shorter names a user may type instead, such as `start`.
  public let aliases: [String]
  /// The field's position in `JourneyField.all`: its value's in `JourneyValues`, its bit's in
  /// `JourneyFieldSet`.
  let index: Int
  /// The property of `Journey` that holds the field.
  let keyPath: AnyKeyPath & Sendable
  /// The field's value on a journey, in its stored form.
  ///
  /// It reads and `write` sets the property with the accessors the field was made with, which do
  /// what `keyPath` does: applied at run time, a key path goes through the runtime's generic
  /// projection, many times the cost of an accessor, and a batch edit reads and writes every
  /// field of every journey it edits several times (P4).
  let read: @Sendable (Journey) -> DatabaseValue
  /// The field's value on a journey, as `read` gives it, read without telling Observation: for
  /// the database's comparisons, which must not register whoever is tracking (see
  /// `Journey.untrackedName`).
  let readUntracked: @Sendable (Journey) -> DatabaseValue
  /// Sets the field from its stored form, as any edit does (observers see it); `false` when the
  /// value has the wrong form.
  let write: @Sendable (Journey, DatabaseValue) -> Bool
  /// Parses what a user typed into the stored form.
  private let parseText: @Sendable (String) throws(JourneyInputError) -> DatabaseValue
  /// Parses the common form of a value (the canonical text, as an export writes it) straight
  /// from its UTF-8 bytes into the stored form; `nil` for any other text, which `parseText`
  /// reads (or refuses). An import reads four values a journey: as a `String` each, and through
  /// the general parsers, they cost a quarter of its instructions.
  private let parseCommonUTF8: @Sendable (UnsafeBufferPointer<UInt8>) -> DatabaseValue?
  /// Appends the canonical text of a stored value, as UTF-8: the slug, the ISO 8601 date, the
  /// seconds; a value the field cannot hold (another program's) as it is stored.
  let appendText: @Sendable (DatabaseValue, inout [UInt8]) -> Void
  /// Whether JSON writes the field as a number (the duration) rather than a string.
  let isNumeric: Bool
  /// The stored form of a value of the field's type, `nil` for a value of another type.
  private let storeAny: @Sendable (Any) -> DatabaseValue?
  /// Whether the model can hold a stored value (another program may have stored a type
  /// roadtrip does not know, a date as text, a duration past the end of the calendar).
  let canHold: @Sendable (DatabaseValue) -> Bool
  /// The rule a value of the field's type breaks (`nil`: none, or a value of another form): the
  /// journey table's CHECK constraints on the field, in Swift, which `canHold` and
  /// `JourneyValues.checkRules(id:)` both ask.
  let brokenRule: @Sendable (DatabaseValue) -> Rule?

  init<Value>(
    name: String,
    aliases: [String] = [],
    index: Int,
    keyPath: ReferenceWritableKeyPath<Journey, Value> & Sendable,
    get: @escaping @Sendable (Journey) -> Value,
    getUntracked: @escaping @Sendable (Journey) -> Value,
    set: @escaping @Sendable (Journey, Value) -> Void,
    parse: @escaping @Sendable (String) throws(JourneyInputError) -> Value,
    parseCommon: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Value? = { _ in nil },
    format: @escaping @Sendable (Value, inout [UInt8]) -> Void,
    isNumeric: Bool = false,
    store: @escaping @Sendable (Value) -> DatabaseValue,
    load: @escaping @Sendable (DatabaseValue) -> Value?,
    rules: @escaping @Sendable (Value) -> Rule? = { _ in nil }
  ) {
    self.name = name
    self.aliases = aliases
    self.index = index
    self.keyPath = keyPath
    self.read = { journey in store(get(journey)) }
    self.readUntracked = { journey in store(getUntracked(journey)) }
    self.write = { journey, stored in
      guard let value = load(stored) else { return false }
      set(journey, value)
      return true
    }
    self.parseText = { text throws(JourneyInputError) in store(try parse(text)) }
    self.parseCommonUTF8 = { bytes in parseCommon(bytes).map(store) }
    self.appendText = { stored, bytes in
      if let value = load(stored) { format(value, &bytes) } else { bytes.append(contentsOf: stored.plainText.utf8) }
    }
    self.isNumeric = isNumeric
    self.storeAny = { value in (value as? Value).map(store) }
    // The schema's bounds: what another program stored past them is not a journey's value,
    // though the model can be given it (the database then refuses it before writing).
    self.canHold = { stored in load(stored).map { rules($0) == nil } ?? false }
    self.brokenRule = { stored in load(stored).flatMap(rules) }
  }

  /// The canonical text of a stored value: the slug, the ISO 8601 date, the seconds.
  func format(_ stored: DatabaseValue) -> String {
    var bytes: [UInt8] = []
    appendText(stored, &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads a value of this field as a person types it, to assign it to one or many journeys.
  /// - Throws: `JourneyInputError`, saying what is accepted.
  public func parse(_ text: String) throws(JourneyInputError) -> Value {
    Value(fieldName: name, stored: try parseText(text))
  }

  /// Reads a value from its UTF-8 bytes as `parse(_:)` reads their text, into the stored form:
  /// the common form straight from the bytes, any other through `parse(_:)`.
  /// - Parameter text: Valid UTF-8.
  /// - Throws: `JourneyInputError`, as `parse(_:)` does.
  func storedValue(parsingUTF8 text: UnsafeBufferPointer<UInt8>) throws(JourneyInputError) -> DatabaseValue {
    if let stored = parseCommonUTF8(text) { return stored }
    return try parseText(String(decoding: text, as: UTF8.self))
  }

  /// The stored form of a value of the field's Swift type, such as a `Date` for `startDate`.
  func storedValue<Value>(_ value: Value) -> DatabaseValue {
    guard let stored = storeAny(value) else {
      preconditionFailure("\(Value.self) is not the type of the journey field \(name)")
    }
    return stored
  }
}

extension JourneyField: Hashable {
  public static func == (lhs: JourneyField, rhs: JourneyField) -> Bool {
    lhs.name == rhs.name
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }
}

extension JourneyField: CustomStringConvertible {
  public var description: String { name }
}
