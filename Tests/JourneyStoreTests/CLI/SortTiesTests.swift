import Foundation
import Testing
import JourneyStore

/// Every sort key given breaks its ties by start date, then by id; never by the order journeys
/// were stored in.
@Suite("Ties of a sort")
struct SortTiesTests {
  static let day = Date(timeIntervalSince1970: 1_795_248_000)  // 2026-11-21T08:00:00Z

  /// Stored out of date order, two of them at one instant, ids out of order too.
  static func sandbox() throws -> CLISandbox {
    let sandbox = try CLISandbox()
    func journey(_ id: String, _ type: TransportationType, _ days: Double) -> Journey {
      Journey(id: UUID(uuidString: id)!, name: "same", transportationType: type, startDate: day + days * 86_400)
    }
    try sandbox.seed([
      journey("cccc0000-0000-4000-8000-000000000001", .car, 2),
      journey("bbbb0000-0000-4000-8000-000000000002", .bus, 1),
      journey("dddd0000-0000-4000-8000-000000000003", .car, 0),
      journey("aaaa0000-0000-4000-8000-000000000004", .car, 0),
      journey("eeee0000-0000-4000-8000-000000000005", .bus, -1),
    ])
    return sandbox
  }

  @Test(arguments: [
    (["--sort", "type"], ["eeee", "bbbb", "aaaa", "dddd", "cccc"]),
    (["--sort", "-type"], ["aaaa", "dddd", "cccc", "eeee", "bbbb"]),
    (["--sort", "name"], ["eeee", "aaaa", "dddd", "bbbb", "cccc"]),
    (["--sort", "duration,type"], ["eeee", "bbbb", "aaaa", "dddd", "cccc"]),
    (["--sort", "start"], ["eeee", "aaaa", "dddd", "bbbb", "cccc"]),
    ([], ["eeee", "aaaa", "dddd", "bbbb", "cccc"]),
  ])
  func tiesFallByStartThenID(_ arguments: [String], _ expected: [String]) async throws {
    let sandbox = try Self.sandbox()
    let result = try await sandbox.run(["list", "--format", "ids"] + arguments)
    result.expectSuccess()
    #expect(result.lines.map { String($0.prefix(4)) } == expected, "\(arguments)")
  }
}
