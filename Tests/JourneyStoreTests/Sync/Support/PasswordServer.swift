import Foundation
import Glibc

/// python3's HTTP server on a loopback port, answering every request with 401 and a Basic
/// challenge, as a git host does before it knows who asks (after `delay` seconds, when given). It
/// stops by itself after a minute, and when released.
final class PasswordServer: @unchecked Sendable {
  let port: Int
  private let server: Child
  private let log: String

  init(delay: Double = 0) throws {
    log = FileManager.default.temporaryDirectory
      .appendingPathComponent("roadtrip-password-server-\(UUID().uuidString)").path
    let script = """
      import http.server, sys, time
      log = sys.argv[1]
      class Handler(http.server.BaseHTTPRequestHandler):
          def do_GET(self):
              with open(log, "a") as f:
                  f.write(self.path + "\\t" + self.headers.get("Authorization", "-") + "\\n")
              time.sleep(float(sys.argv[2]))
              self.send_response(401)
              self.send_header("WWW-Authenticate", 'Basic realm="journeys"')
              self.send_header("Content-Length", "0")
              self.end_headers()
          do_POST = do_GET
          def log_message(self, *arguments):
              pass
      server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
      server.timeout = 0.5
      print(server.server_port, flush=True)
      end = time.monotonic() + 60
      while time.monotonic() < end:
          server.handle_request()
      """
    let output = Pipe()
    server = try Child(
      "/usr/bin/env", ["python3", "-c", script, log, String(delay)], output: output.fileHandleForWriting)
    // The server has its own copy: without this one, a server that died unheard would leave the
    // read below waiting for ever.
    try output.fileHandleForWriting.close()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self)
    guard let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      server.signal(SIGKILL)
      throw CocoaError(.fileReadCorruptFile)
    }
    self.port = port
  }

  /// How many requests the server answered.
  func requests() -> Int {
    ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
  }

  /// The `Authorization` header of each request, `-` for none.
  func authorizations() -> [String] {
    ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map {
      String($0.split(separator: "\t").last ?? "-")
    }
  }

  deinit {
    // SIGKILL: the server may have been started with SIGTERM blocked (Process passes on the
    // signal mask of the thread that starts it).
    server.signal(SIGKILL)
    _ = try? server.finishBlocking(within: nil)
    try? FileManager.default.removeItem(atPath: log)
  }
}
