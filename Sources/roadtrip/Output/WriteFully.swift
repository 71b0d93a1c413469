import Glibc

/// Writes all of `bytes` to a file descriptor, retrying after interruptions and short writes;
/// the corresponding C function is `write`.
/// - Returns: 0 when everything was written, else the `errno` of the failure.
func writeFully(to descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
  guard var address = bytes.baseAddress else { return 0 }
  var remaining = bytes.count
  while remaining > 0 {
    let written = write(descriptor, address, remaining)
    if written >= 0 {
      address += written
      remaining -= written
    } else if errno != EINTR && errno != EAGAIN {
      return errno
    }
  }
  return 0
}
