import Foundation

extension RoadtripBinary {
  /// Runs `roadtrip` to its end, with standard input and output on `/dev/null`, and returns the
  /// most memory it held (its peak resident set, in KiB).
  ///
  /// A small Python process starts it and reports `ru_maxrss` from `wait4`: on Linux a child's
  /// peak includes the memory of the process it was started from, so starting it from the (large)
  /// test process would report the test process's size instead.
  static func peakMemory(_ arguments: [String], environment: [String: String]) async throws -> Int {
    let script = """
      import os, sys
      null = os.open("/dev/null", os.O_RDWR)
      pid = os.fork()
      if pid == 0:
          os.dup2(null, 0); os.dup2(null, 1)
          os.execve(sys.argv[1], sys.argv[1:], os.environ)
      _, status, usage = os.wait4(pid, 0)
      print(usage.ru_maxrss if status == 0 else -1)
      """
    let result = try await Child.run(
      "/usr/bin/env", ["python3", "-c", script, path] + arguments, environment: environment, timeout: nil)
    let text = result.standardOutput
    guard let peak = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), peak > 0 else {
      throw POSIXError(.ECHILD)
    }
    return peak
  }
}
