import Foundation
import Testing
import JourneyStore

/// The code of the DocC article "Long work" (Sources/JourneyStore/JourneyStore.docc), compiled
/// in Swift 6 mode and run as written, so that the article stays true.
@MainActor
@Suite("The Long work article")
struct LongWorkArticleTests {
  @MainActor
  final class ImportModel {
    let database: JourneyDatabase
    private(set) var read = 0
    private(set) var summary: ImportSummary?
    private(set) var failure: (any Error)?
    private var importing: Task<Void, Never>?

    init(database: JourneyDatabase) {
      self.database = database
    }

    func start(_ ndjson: String) {
      importing = Task {
        do {
          let reader = JourneyReader(text: ndjson, format: .ndjson)   // made here, read there
          summary = try await database.importJourneys(from: reader) { [weak self] progress in
            // On the import's thread, at most every 50 ms: hand the count to the main actor.
            Task { @MainActor in self?.read = max(self?.read ?? 0, progress.completed) }
          }
        } catch {
          failure = error    // CancellationError when stopped: nothing was imported
        }
      }
    }

    func stop() {
      importing?.cancel()
    }

    func finish() async {
      await importing?.value
    }
  }

  static func buses(_ count: Int) -> String {
    (0..<count).map {
      #"{"name":"Bus \#($0)","transportationType":"bus","startDate":"2026-11-21T08:00:00Z","duration":60}"#
    }.joined(separator: "\n")
  }

  @Test(.timeLimit(.minutes(3))) func theModelImportsAndTheListShowsIt() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let ndjson = Self.buses(2_000)

    let buses = database.liveJourneys(JourneyQuery(transportationTypes: [.bus]))
    let model = ImportModel(database: database)
    model.start(ndjson)
    await model.finish()
    print(buses.journeys.count, model.read)    // the imported buses, and as many journeys read

    #expect(buses.journeys.count == 2_000)
    #expect(model.summary?.inserted == 2_000)
    #expect(model.failure == nil)
    // The last report's task runs after the import's: let the main actor take it.
    let deadline = ContinuousClock.now + .seconds(10)
    while model.read < 2_000 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    #expect(model.read == 2_000)
  }

  @Test(.timeLimit(.minutes(3))) func theModelStopsAnImportAndNothingStays() async throws {
    let folder = try TemporaryFolder()
    let database = try JourneyDatabase(path: folder.file("journeys.sqlite"))
    let model = ImportModel(database: database)
    model.start(Self.buses(300_000))
    while model.read == 0 { try await Task.sleep(for: .milliseconds(1)) }
    model.stop()
    await model.finish()
    #expect(model.failure is CancellationError)
    #expect(model.summary == nil)
    #expect(try database.count() == 0)
  }
}
