import CX11
#if canImport(Glibc)
import Glibc
#endif

/// What X answered a request that has a reply: the reply, an X error (the
/// `xcb_generic_error_t` libxcb's `_reply(…, &error)` hands back), or
/// nothing (the connection is gone). libxcb's typed `_reply` functions
/// wait for the answer; a drain never waits, so answers are taken with
/// `xcb_poll_for_reply`, which hands over the same reply and error, and
/// read with libxcb's accessors for the request's reply type.
enum XAnswer {
    case reply(XReply)
    case error(XRequestError)
    case gone

    /// The reply, if X sent one.
    var reply: XReply? { if case .reply(let r) = self { r } else { nil } }
}

/// A reply as XCB hands it over: `malloc`ed, whole (the 32-byte header and
/// `length` words after it); its owner frees it.
struct XReply {
    let pointer: UnsafeMutableRawPointer

    /// Its size in bytes, from the header's length: what libxcb's
    /// accessors may read of it, no further.
    var count: Int { 32 + 4 * Int(pointer.assumingMemoryBound(to: xcb_generic_reply_t.self).pointee.length) }

    /// The reply as its request's reply type (libxcb's `_reply` is the same cast).
    func typed<T>(_: T.Type) -> UnsafePointer<T> { UnsafePointer(pointer.assumingMemoryBound(to: T.self)) }

    /// Whether `end` bytes (what the reply's counts say it holds) fit in the reply: a reply shorter than its own
    /// counts is an error, never read as zeros.
    func holds(_ end: Int) throws(ShortReply) {
        guard end <= count else { throw ShortReply(count: count, needed: end) }
    }

    func free() { Glibc.free(pointer) }
}

/// A reply shorter than its own counts say: refused whole.
struct ShortReply: Error, CustomStringConvertible {
    var count: Int
    var needed: Int
    var description: String { "a reply of \(count) bytes whose counts need \(needed)" }
}

/// An X error answering a request (from libxcb's error out-parameter).
struct XRequestError: Error, Hashable, CustomStringConvertible {
    var code: UInt8
    var major: UInt8
    var minor: UInt16
    var resource: UInt32

    init(_ e: xcb_generic_error_t) {
        code = e.error_code
        major = e.major_code
        minor = e.minor_code
        resource = e.resource_id
    }

    init(code: UInt8, major: UInt8 = 0, minor: UInt16 = 0, resource: UInt32 = 0) {
        self.code = code
        self.major = major
        self.minor = minor
        self.resource = resource
    }

    var description: String { "X error \(code) (request \(major).\(minor), resource 0x\(String(resource, radix: 16)))" }
}

extension XConnection {
    /// Whether `error` is XInput's BadDevice: the device a request named is
    /// gone (unplugged after the request went out, an ordinary case). XCB
    /// knows the extension's first error from its first request (asks nothing).
    func isBadDevice(_ error: XRequestError) -> Bool {
        guard let c = xcbConnection else { return false }
        let first = Int(cx_xi_first_error(c))
        return first >= 0 && Int(error.code) == first + Int(XI_BadDevice)
    }

    /// The answer to request `sequence` if it has come (read from the socket
    /// already, or now without waiting); nil while it has not.
    func poll(_ sequence: UInt32) -> XAnswer? {
        guard alive, let c = xcbConnection else { return .gone }
        var reply: UnsafeMutableRawPointer? = nil
        var error: UnsafeMutablePointer<xcb_generic_error_t>? = nil
        guard xcb_poll_for_reply(c, sequence, &reply, &error) != 0 else { return nil }
        return Self.answer(reply, error)
    }

    /// The answer to request `sequence`, waiting for it: a round trip,
    /// counted (`waits`). Only at the start and for tools, never after a read.
    func wait(_ sequence: UInt32) -> XAnswer {
        guard alive, let c = xcbConnection else { return .gone }
        flush()
        waits += 1
        var error: UnsafeMutablePointer<xcb_generic_error_t>? = nil
        let reply = xcb_wait_for_reply(c, sequence, &error)
        return Self.answer(reply, error)
    }

    private static func answer(_ reply: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xcb_generic_error_t>?) -> XAnswer {
        if let error {
            defer { free(error) }
            free(reply)
            return .error(XRequestError(error.pointee))
        }
        return reply.map { .reply(XReply(pointer: $0)) } ?? .gone
    }
}
