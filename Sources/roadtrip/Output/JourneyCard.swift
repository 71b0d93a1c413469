import JourneyStore

/// One journey drawn as the original app's `JourneyView` shows it: the transportation type with
/// its symbol, title and slug, then start, end (in the local time zone) and duration; in a box on
/// a terminal.
struct JourneyCard {
  let journey: Journey
  let style: Style
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
    let plainLines = [title] + fields.map { label, value in
      label.padded(to: labelWidth) + "  " + value.escapingControlCharacters
    }
    guard style.isDecorated else { return plainLines.joined(separator: "\n") + "\n" }
    let styledLines = [style.bold(title)] + fields.map { label, value in
      style.dim(label.padded(to: labelWidth)) + "  "
        + (label == "Id" ? style.yellow(value) : value.escapingControlCharacters)
    }
    let width = plainLines.map(\.displayWidth).max() ?? 0
    var text = "╭" + String(repeating: "─", count: width + 2) + "╮\n"
    for (plain, styled) in zip(plainLines, styledLines) {
      text += "│ " + styled + String(repeating: " ", count: width - plain.displayWidth) + " │\n"
    }
    return text + "╰" + String(repeating: "─", count: width + 2) + "╯\n"
  }
}
