/// Where a sync finds a journey's number by the bits of its id (`SyncJourneys`): numbers given
/// one at a time are kept in a hash table, and a run of numbers given together in the order of
/// their ids (the journeys received files name first, `SyncJourneys.read(keys:)`) is found by a
/// binary search of its keys. A hash insert for each received journey is a cache miss each
/// (BENCHMARKS.md, P12); the scans in the order of the ids
/// find those journeys without a search (`SyncJourneys.IDOrderLookup`).
struct JourneyKeyIndex {
  private var hashed: [JourneyKey: Int] = [:]
  /// Ranges of numbers whose keys ascend, with no key twice.
  private var runs: [Range<Int>] = []

  /// The number of the journey whose id's bits are `key`, `nil` for one not given a number;
  /// `keys` holds the journeys' bits by number.
  func number(of key: JourneyKey, keys: [JourneyKey?]) -> Int? {
    if !hashed.isEmpty, let number = hashed[key] { return number }
    for run in runs {
      var (low, high) = (run.lowerBound, run.upperBound)
      while low < high {
        let middle = low + (high - low) / 2
        // A run's keys are all bits (`noteRun`).
        let found = keys[middle]!
        if found == key { return middle }
        if found < key { low = middle + 1 } else { high = middle }
      }
    }
    return nil
  }

  /// Notes that the journey whose id's bits are `key` is numbered `number`.
  mutating func note(_ key: JourneyKey, number: Int) {
    hashed[key] = number
  }

  /// Notes that the journeys numbered `run` have ids whose bits ascend in `keys`, none twice,
  /// and none given another number.
  mutating func noteRun(_ run: Range<Int>) {
    if !run.isEmpty { runs.append(run) }
  }

  mutating func reserveCapacity(_ count: Int) {
    hashed.reserveCapacity(count)
  }
}
