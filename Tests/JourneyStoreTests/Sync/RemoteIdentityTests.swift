import Foundation
import Testing

@testable import JourneyStore

/// `roadtrip-remote.json` as a sync reads it where it enters (`RemoteFolder.Identity(json:)`,
/// through `JSONMembers`): what any program could have written there is accepted only as a
/// remote's identity of format 1, refused by name otherwise, and never made again over.
@Suite("A remote's identity file")
struct RemoteIdentityTests {
  static let id = "0b0e8a52-52d4-4f4e-a0a4-6c0e5b6a8d11"

  /// The identity `text` gives a folder, read as a sync reads it.
  private func identity(of text: String) throws -> RemoteFolder.Identity {
    let folder = try TemporaryFolder()
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file(RemoteFolder.identityName)))
    let remote = RemoteFolder(path: folder.path)
    let (identity, created) = try remote.identity {
      Issue.record("a folder with an identity file is made a remote again")
      return nil
    }
    #expect(!created)
    return identity
  }

  @Test(arguments: [
    #"{"format":1,"id":"ID"}"#,
    #"{"id":"ID","format":1}"# + "\n",
    #" { "format" : 1 , "id" : "ID" , "encryption" : null } "#,
    #"{"format":1,"id":"ID","note":"for later","more":[1,{"x":[true]}],"n":null}"#,
    #"{"format":1,"id":"\u0030b0e8a52-52d4-4f4e-a0a4-6c0e5b6a8d11"}"#,
    #"{"format":1.0,"id":"ID"}"#,
    #"{"format":2,"format":1,"id":"ID"}"#,
  ])
  func aPlainRemotesIdentityIsRead(text: String) throws {
    let identity = try identity(of: text.replacingOccurrences(of: "ID", with: Self.id))
    #expect(identity.format == 1)
    #expect(identity.id == Self.id)
    #expect(identity.encryption == nil)
  }

  @Test func anEncryptedRemotesParametersAreRead() throws {
    let encryption = SyncCipherFixtures.otherCipher.encryption
    let parameters = String(decoding: try JSONEncoder().encode(encryption), as: UTF8.self)
    let identity = try identity(of: #"{"encryption":E,"format":1,"id":"ID"}"#
      .replacingOccurrences(of: "ID", with: Self.id).replacingOccurrences(of: "E", with: parameters))
    #expect(identity.encryption == encryption)
  }

  @Test(arguments: [
    "", "null", "[]", "{}", #"{"format":1}"#, #"{"id":"ID"}"#, #"{"format":2,"id":"ID"}"#,
    #"{"format":"1","id":"ID"}"#, #"{"format":1.5,"id":"ID"}"#, #"{"format":1,"id":7}"#,
    #"{"format":1,"id":null}"#, #"{"format":1,"id":"ID""#, #"{"format":1,"id":"ID"} {}"#,
    #"{"format":1,"id":"ID"},"#, #"{"format":1,"id":"not an id"}"#,
    #"{"format":1,"id":"ID","encryption":"scrypt"}"#,
    #"{"format":1,"id":"ID","encryption":[]}"#,
    #"{"format":1,"id":"ID","encryption":{"kdf":"scrypt"}}"#,
    #"{'format':1,'id':'ID'}"#,
  ])
  func anythingElseIsRefusedByName(text: String) throws {
    let error = try #require(throws: SyncError.self) {
      try identity(of: text.replacingOccurrences(of: "ID", with: Self.id))
    }
    guard case .unreadableRemoteIdentity(_, let reason) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(reason == "not a roadtrip remote's of format 1")
  }

  @Test func encryptionThisRoadtripDoesNotUseIsRefusedAsSuch() throws {
    let text = #"{"format":1,"id":"ID","encryption":{"kdf":"argon2id","n":1}}"#
    let error = try #require(throws: SyncEncryptionError.self) {
      try identity(of: text.replacingOccurrences(of: "ID", with: Self.id))
    }
    guard case .unsupportedEncryption(let reason) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(reason.contains("'argon2id'"), "\(reason)")
  }
}
