import Testing

/// `roadtrip browse`, the list, the card and the editor in one full-screen program, driven
/// through a pseudo-terminal: keys in, screen out, database after. One test at a time: each runs
/// a real process with real timing.
@Suite("Browser", .serialized)
struct BrowseTests {}
