#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `text` and a line break written to `descriptor` (stderr unless told) in
/// one write: the lines of two processes sharing it never interleave. The
/// command's errors, the daemon's launcher and the daemon's log all write
/// through it (print would go through stdout's buffer, and no Foundation).
public func writeLine(_ text: String, to descriptor: Int32 = 2) {
    var line = text + "\n"
    line.withUTF8 { _ = write(descriptor, $0.baseAddress, $0.count) }
}
