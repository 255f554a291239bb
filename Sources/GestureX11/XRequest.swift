import CX11
#if canImport(Glibc)
import Glibc
#endif

/// An extension request written out by hand and sent through XCB with its
/// cookie kept: XInput's and RandR's requests with replies, which Xlib only
/// makes as round trips (XIQueryDevice, XIGetProperty, XRRGetMonitors wait
/// for their answer) and whose XCB bindings (libxcb-xinput, libxcb-randr)
/// the daemon does not link. Core requests use XCB's own functions.
struct XRequest {
    /// The bytes after the major opcode: the minor opcode, then the
    /// request's fields (the length is XCB's to fill in). X's byte order is
    /// the client's own (XCB says so in its setup), so fields are written
    /// as this machine stores them.
    private(set) var bytes: [UInt8]

    init(minor: UInt8) { bytes = [0, minor, 0, 0] }

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u16(_ v: UInt16) { withUnsafeBytes(of: v) { bytes += $0 } }
    mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v) { bytes += $0 } }
    /// Zeros up to a multiple of four bytes (X's requests are in words).
    mutating func pad() { while bytes.count % 4 != 0 { bytes.append(0) } }
}

/// RandR, as XCB finds it by name (its major opcode kept per connection).
nonisolated(unsafe) let randrExtension: UnsafeMutablePointer<xcb_extension_t> = {
    let ext = UnsafeMutablePointer<xcb_extension_t>.allocate(capacity: 1)
    ext.initialize(to: xcb_extension_t(name: strdup("RANDR"), global_id: 0))
    return ext
}()

/// An answer's bytes, read by offset (X's reply layout: a 32-byte header,
/// then `length` words).
struct Reply {
    let bytes: UnsafeRawBufferPointer

    /// The whole reply XCB handed over (`malloc`ed; the owner frees it).
    init(_ reply: UnsafeMutableRawPointer) {
        let words = reply.load(fromByteOffset: 4, as: UInt32.self)
        bytes = UnsafeRawBufferPointer(start: reply, count: 32 + 4 * Int(words))
    }

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var count: Int { bytes.count }
    func has(_ n: Int, at offset: Int) -> Bool { offset >= 0 && offset + n <= bytes.count }
    func u8(_ at: Int) -> UInt8 { has(1, at: at) ? bytes[at] : 0 }
    func u16(_ at: Int) -> UInt16 { has(2, at: at) ? bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self) : 0 }
    func u32(_ at: Int) -> UInt32 { has(4, at: at) ? bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self) : 0 }
    func i16(_ at: Int) -> Int16 { Int16(bitPattern: u16(at)) }
    func i32(_ at: Int) -> Int32 { Int32(bitPattern: u32(at)) }
    /// X's FP3232: a signed integral part, then the fraction.
    func fp3232(_ at: Int) -> Double { Double(i32(at)) + Double(u32(at + 4)) / 4_294_967_296 }
    func slice(_ at: Int, _ n: Int) -> Reply {
        let from = min(max(at, 0), count), to = min(from + max(n, 0), count)
        return Reply(UnsafeRawBufferPointer(rebasing: bytes[from..<to]))
    }
}

extension XConnection {
    /// Sends `request` to the extension whose major opcode is `major` (the
    /// request goes out with the next flush); its sequence, whose answer
    /// `poll` or `wait` takes. An error answers as nothing.
    func send(_ request: XRequest, major: UInt8) -> UInt32? { send(request, nil, opcode: major) }

    /// Sends `request` to an extension XCB finds by name (its opcode asked
    /// once per connection, then kept by XCB).
    func send(_ request: XRequest, to ext: UnsafeMutablePointer<xcb_extension_t>) -> UInt32? {
        send(request, ext, opcode: request.bytes[1])
    }

    private func send(_ request: XRequest, _ ext: UnsafeMutablePointer<xcb_extension_t>?, opcode: UInt8) -> UInt32? {
        requests { c in
            var bytes = request.bytes
            return bytes.withUnsafeMutableBytes { buf -> UInt32 in
                // XCB may use the two iovecs before the request's own.
                var vector = [iovec](repeating: iovec(), count: 3)
                vector[2] = iovec(iov_base: buf.baseAddress, iov_len: buf.count)
                var protocolRequest = xcb_protocol_request_t(count: 1, ext: ext, opcode: opcode, isvoid: 0)
                return vector.withUnsafeMutableBufferPointer { v in
                    UInt32(xcb_send_request(c, Int32(XCB_REQUEST_CHECKED.rawValue), v.baseAddress! + 2, &protocolRequest))
                }
            }
        }
    }

    /// The answer to request `sequence` if it has come (read from the socket
    /// already, or now without waiting): `.some(nil)` for an error.
    func poll(_ sequence: UInt32) -> UnsafeMutableRawPointer?? {
        guard alive, let c = xcbConnection else { return .some(nil) }
        var reply: UnsafeMutableRawPointer? = nil
        var error: UnsafeMutablePointer<xcb_generic_error_t>? = nil
        guard xcb_poll_for_reply(c, sequence, &reply, &error) != 0 else { return nil }
        free(error)
        return .some(reply)
    }

    /// The answer to request `sequence`, waiting for it: a round trip,
    /// counted (`waits`). Only at the start and for tools, never after a read.
    func wait(_ sequence: UInt32) -> UnsafeMutableRawPointer? {
        guard alive, let c = xcbConnection else { return nil }
        flush()
        waits += 1
        var error: UnsafeMutablePointer<xcb_generic_error_t>? = nil
        let reply = xcb_wait_for_reply(c, sequence, &error)
        free(error)
        return reply
    }
}
