import ArgumentParser
import JourneyStore

extension ValidationError {
  /// Runs `body`, turning a bad value (`JourneyInputError`) into a usage error with its message,
  /// for `validate()`: ArgumentParser shows it with the command's usage, and exit code 64.
  static func checking<T>(_ body: () throws(JourneyInputError) -> T) throws -> T {
    do {
      return try body()
    } catch {
      throw ValidationError(error.description)
    }
  }
}
