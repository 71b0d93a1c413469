import JourneyStore

extension TransportationType {
  /// A symbol for the type on a terminal, standing in for the original app's SF Symbol
  /// (`iconName`): an emoji two columns wide.
  var symbol: String {
    switch self {
    case .walkOrRun: "🚶"
    case .skateboard: "🛹"
    case .scooter: "🛴"
    case .bike: "🚲"
    case .car: "🚗"
    case .hiredCar: "🚕"
    case .bus: "🚌"
    case .lightRail: "🚈"
    }
  }
}
