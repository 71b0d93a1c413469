import FoundationEssentials
import JourneyStore

extension JourneyField.Value {
  /// The value as it reads in a line of `history`, `watch` or an import's dry run: text in
  /// quotes, with control characters escaped; a date in the local time zone; a duration as the
  /// table shows it (`21h`).
  func shownText(of field: JourneyField) -> String {
    if field == .startDate, let date = try? Date(parsing: description) { return date.localText }
    if field == .duration, let seconds = TimeInterval(description) { return seconds.durationDescription }
    let text = description.escapingControlCharacters
    return field == .name ? "'\(text)'" : text
  }
}
