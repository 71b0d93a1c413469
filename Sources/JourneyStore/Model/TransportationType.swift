/// How a journey is travelled: the eight choices of the original RoadTrip app.
///
/// The raw value is the slug used on the command line, in JSON and in the database.
public enum TransportationType: String, CaseIterable, Codable, Sendable {
  case walkOrRun = "walk-or-run"
  case skateboard
  case scooter
  case bike
  case car
  case hiredCar = "hired-car"
  case bus
  case lightRail = "light-rail"
}
