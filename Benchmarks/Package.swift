// swift-tools-version: 6.1
import PackageDescription

// In-process benchmarks of JourneyStore against the SQLite C API and GRDB. A package of its own,
// so that GRDB never enters the main build.
let package = Package(
  name: "RoadtripBenchmarks",
  products: [
    .executable(name: "roadtrip-benchmarks", targets: ["RoadtripBenchmarks"]),
  ],
  dependencies: [
    .package(name: "roadtrip", path: ".."),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLiteBench",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .executableTarget(
      name: "RoadtripBenchmarks",
      dependencies: [
        "CSQLiteBench",
        .product(name: "JourneyStore", package: "roadtrip"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
