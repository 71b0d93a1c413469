import Glibc

/// The local time zone, as messages name it: `Europe/Paris`. `TZ` when it is set (as the C
/// library reads it), else the zone `/etc/localtime` links to, else `UTC`, the C library's
/// default.
enum LocalZone {
  static var name: String {
    if let zone = Environment["TZ"], !zone.isEmpty {
      return zone.hasPrefix(":") ? String(zone.dropFirst()) : zone
    }
    if let path = realpath("/etc/localtime", nil) {
      defer { free(path) }
      let target = String(cString: path)
      if let range = target.firstRange(of: "/zoneinfo/") { return String(target[range.upperBound...]) }
    }
    return "UTC"
  }
}
