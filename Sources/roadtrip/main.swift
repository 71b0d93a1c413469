import JourneyStore
print(TransportationType.allCases.map(\.rawValue))
