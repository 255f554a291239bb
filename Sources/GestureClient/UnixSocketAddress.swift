#if canImport(Glibc)
import Glibc
#endif

/// A unix socket's address (`sockaddr_un`) for a path, as the monitor's
/// server binds it and its clients connect to it.
public struct UnixSocketAddress {
    private var address = sockaddr_un()

    /// nil when the path does not fit (`sun_path` holds 107 bytes and a NUL).
    public init?(_ path: String) {
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
    }

    /// `bind` or `connect` (the call) of socket `fd` to this address.
    public mutating func call(_ fd: Int32, _ body: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
