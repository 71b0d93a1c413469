import ArgumentParser
import JourneyStore

extension ConflictPolicy: ExpressibleByArgument {}
