/// How much a terminal shows: columns of characters and rows of lines.
struct TerminalSize: Equatable {
  let columns: Int
  let rows: Int
}
