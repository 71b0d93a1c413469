extension TransportationType: CustomStringConvertible {
  /// The title the original app shows in its picker, such as "Walk/Run" or "Shared Ride".
  public var description: String {
    switch self {
    case .walkOrRun: "Walk/Run"
    case .skateboard: "Skateboard"
    case .scooter: "Scooter"
    case .bike: "Bike"
    case .car: "Car"
    case .hiredCar: "Shared Ride"
    case .bus: "Bus"
    case .lightRail: "Light Rail"
    }
  }
}

extension TransportationType {
  /// The SF Symbol name the original app shows for this type, such as `bicycle`.
  public var iconName: String {
    switch self {
    case .walkOrRun: "figure.walk"
    case .skateboard: "skateboard"
    case .scooter: "scooter"
    case .bike: "bicycle"
    case .car: "car"
    case .hiredCar: "car.front.waves.up"
    case .bus: "bus"
    case .lightRail: "lightrail"
    }
  }
}
