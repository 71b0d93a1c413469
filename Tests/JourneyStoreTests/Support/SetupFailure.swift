/// A test could not set up the situation it tests.
struct SetupFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
