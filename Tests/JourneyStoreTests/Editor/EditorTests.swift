import Testing

/// `roadtrip edit ID`, the interactive editor, driven through a pseudo-terminal: keys in, screen
/// out, database after. One test at a time: each runs a real editor process with real timing.
@Suite("Interactive editor", .serialized)
struct EditorTests {}
