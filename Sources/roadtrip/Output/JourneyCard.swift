import JourneyStore

/// One journey drawn as the original app's `JourneyView` shows it: the transportation type with
/// its symbol, title and slug, then start, end (in the local time zone) and duration; in a box on
/// a terminal.
struct JourneyCard {
  let journey: Journey
  let style: Style
  /// The columns the card fits on a terminal, its name cut with an ellipsis; `nil` cuts nothing.
  var width: Int? = nil
}

extension JourneyCard {
  /// The card as lines of text.
  var rendered: String {
    let type = journey.transportationType
    let title = (style.isDecorated ? type.symbol + " " : "") + "\(type.description) (\(type.rawValue))"
    let fields: [(String, String)] = [
      ("Name", journey.name),
      ("Start", journey.startDate.localText),
      ("End", journey.endDate.localText),
      ("Duration", journey.duration.durationDescription),
      ("Id", journey.id.uuidString.lowercased()),
    ]
    let labelWidth = fields.map(\.0.count).max() ?? 0
    // The name is the one value of any length: it gets what the label and the box leave.
    let valueWidth = width.map { $0 - labelWidth - 2 - (style.isDecorated ? 4 : 0) }
    let values = fields.map { label, value in
      let text = value.escapingControlCharacters
      guard label == "Name", let valueWidth else { return text }
      return text.cut(toWidth: max(valueWidth, 1))
    }
    let plainLines = [title] + zip(fields, values).map { field, value in
      field.0.padded(to: labelWidth) + "  " + value
    }
    guard style.isDecorated else { return plainLines.joined(separator: "\n") + "\n" }
    let styledLines = [style.bold(title)] + zip(fields, values).map { field, value in
      style.dim(field.0.padded(to: labelWidth)) + "  " + (field.0 == "Id" ? style.yellow(value) : value)
    }
    let width = plainLines.map(\.displayWidth).max() ?? 0
    var text = "╭" + String(repeating: "─", count: width + 2) + "╮\n"
    for (plain, styled) in zip(plainLines, styledLines) {
      text += "│ " + styled + String(repeating: " ", count: width - plain.displayWidth) + " │\n"
    }
    return text + "╰" + String(repeating: "─", count: width + 2) + "╯\n"
  }
}
