import Foundation

/// A pseudo-terminal for one test: the test types into and reads the screen from the master; the
/// program under test gets the slave as its terminal. The test keeps the slave open too, to read
/// the terminal's settings (`tcgetattr`) before, during and after the program, and so that reading
/// the master never fails with EIO once the program has ended.
final class PseudoTerminal {
  /// The master side, non-blocking.
  let master: Int32
  /// The slave side, as the test holds it.
  let slave: Int32
  /// The slave's path, such as `/dev/pts/3`, for the program to open as its terminal.
  let slavePath: String

  /// Opens a pseudo-terminal of `columns` by `rows`.
  init(columns: Int, rows: Int) throws {
    let master = Self.openMaster(Int32(O_RDWR | O_NOCTTY))
    guard master >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var name = [CChar](repeating: 0, count: 128)
    guard Self.grant(master) == 0, Self.unlock(master) == 0, Self.slaveName(master, &name, name.count) == 0 else {
      close(master)
      throw POSIXError(.ENOTTY)
    }
    let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let slave = open(path, O_RDWR | O_NOCTTY)
    guard slave >= 0 else {
      close(master)
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    (self.master, self.slave, slavePath) = (master, slave, path)
    resize(columns: columns, rows: rows)
  }

  deinit {
    close(master)
    close(slave)
  }
}

extension PseudoTerminal {
  // posix_openpt, grantpt, unlockpt and ptsname_r, which Swift's Glibc module does not import
  // (they need _XOPEN_SOURCE or _GNU_SOURCE), looked up in the C library.
  private static let openMaster = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
  private static let grant = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
  private static let unlock = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
  private static let slaveName = function(
    "ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)

  private static func function<Function>(_ name: String, as type: Function.Type) -> Function {
    guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("no \(name) in the C library") }
    return unsafeBitCast(address, to: type)
  }

  /// The terminal's settings, as the program sees them (`tcgetattr` on the slave).
  var settings: TerminalSettings {
    var settings = termios()
    _ = tcgetattr(slave, &settings)
    return TerminalSettings(settings)
  }

  /// Changes the window size: the kernel sends SIGWINCH to the program on the terminal.
  func resize(columns: Int, rows: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = withUnsafeMutablePointer(to: &size) { ioctl(master, UInt(TIOCSWINSZ), $0) }
  }

  /// Types bytes at the terminal, as a keyboard would; gives up after 5 seconds of a full
  /// input queue (a program that stopped reading).
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    let deadline = ContinuousClock.now + .seconds(5)
    var written = 0
    while written < bytes.count && ContinuousClock.now < deadline {
      let count = bytes[written...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if count > 0 {
        written += count
      } else if errno == EINTR || errno == EAGAIN {
        usleep(1000)
      } else {
        return
      }
    }
  }

  /// What the program wrote since the last call, without blocking.
  func readAvailable() -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      guard count > 0 else { return bytes }
      bytes += buffer[..<count]
    }
  }
}

/// The parts of a terminal's settings that raw mode changes, comparable.
struct TerminalSettings: Equatable, CustomStringConvertible {
  let inputFlags: UInt32, outputFlags: UInt32, controlFlags: UInt32, localFlags: UInt32
  let controlCharacters: [UInt8]

  init(_ settings: termios) {
    var settings = settings
    (inputFlags, outputFlags) = (settings.c_iflag, settings.c_oflag)
    (controlFlags, localFlags) = (settings.c_cflag, settings.c_lflag)
    controlCharacters = withUnsafeBytes(of: &settings.c_cc) { Array($0) }
  }

  /// Whether the terminal is in canonical mode (lines, not keys) and echoes what is typed.
  var isCooked: Bool {
    localFlags & UInt32(ICANON) != 0 && localFlags & UInt32(ECHO) != 0
  }

  var description: String {
    "iflag \(inputFlags) oflag \(outputFlags) cflag \(controlFlags) lflag \(localFlags) cc \(controlCharacters)"
  }
}
