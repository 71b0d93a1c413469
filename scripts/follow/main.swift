// What scripts/bench-follow.py measures (P5 for `follow()`): a client of JourneyStore that follows
// a database with `follow()` and a live list, as an app's main actor would, and prints the name of
// the list's first journey each time the list shows a new one.
//
// Usage: Client PATH    (creates the database with one journey when it is empty; prints
// `ready ID` once it follows, then one line per name seen)
import JourneyStore
import Observation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@MainActor
func follow(path: String) async throws {
  let database = try JourneyDatabase(path: path)
  if try database.count() == 0 { try database.add(Journey(name: "Followed")) }
  let list = database.liveJourneys(JourneyQuery(sortedBy: []))
  guard let first = list.journeys.first else { fatalError("no journey to follow") }
  let following = Task { @MainActor in try await database.follow() }
  print("ready \(first.id.uuidString.lowercased())")
  fflush(nil)  // every stream: `stdout` is shared mutable state to Swift 6
  for await name in Observations({ list.journeys.first?.name ?? "" }) {
    print(name)
    fflush(nil)  // every stream: `stdout` is shared mutable state to Swift 6
  }
  following.cancel()
}

try await follow(path: CommandLine.arguments[1])
