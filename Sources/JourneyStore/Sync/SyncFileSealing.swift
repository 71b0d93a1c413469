/// What a sync does to a file's bytes on their way to and from the remote.
protocol SyncFileSealing: Sendable {
  func seal(_ bytes: [UInt8], name: String) throws -> [UInt8]
  func open(_ bytes: [UInt8], name: String) throws -> [UInt8]
}
