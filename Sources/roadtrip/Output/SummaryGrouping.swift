/// What `summary --by` adds up by: the local day, week or month of the start, or the
/// transportation type.
enum SummaryGrouping: String, CaseIterable {
  case day, week, month, type
}
