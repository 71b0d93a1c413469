// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "roadtrip",
  products: [
    .library(name: "JourneyStore", targets: ["JourneyStore"]),
    .executable(name: "roadtrip", targets: ["roadtrip"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // `swift package generate-documentation --target JourneyStore`: the DocC catalog. A plugin
    // only: nothing of it is linked into JourneyStore or roadtrip.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Sync's encryption (SYNC.md, "Encryption"): ChaChaPoly from Crypto, scrypt from CryptoExtras.
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(
      name: "JourneyStore",
      dependencies: [
        "CSQLite",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "CryptoExtras", package: "swift-crypto"),
      ],
      // A file sees the members of the modules it imports itself, not those another file
      // imports: one file's `import Foundation` cannot change which `contains` another calls.
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
    ),
    .executableTarget(
      name: "roadtrip",
      dependencies: [
        "JourneyStore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "JourneyStoreTests", dependencies: ["JourneyStore", "roadtrip"]),
  ],
  swiftLanguageModes: [.v6]
)
