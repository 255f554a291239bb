import CX11
import GestureCore
import Testing
@testable import GestureX11

/// The replies the listener reads by hand (XRequest.swift), from bytes laid
/// out as XI2proto.h and randrproto.h say: no X server needed.
@Suite struct ReplyParseTests {
    /// A reply's bytes: `body` after a 32-byte header whose length and
    /// first fields (`head`, from byte 8) are filled in.
    static func reply(head: [UInt8], body: [UInt8]) -> [UInt8] {
        var r: [UInt8] = [1, 0, 0, 0]
        withUnsafeBytes(of: UInt32(body.count / 4)) { r += $0 }
        r += head + [UInt8](repeating: 0, count: 24 - head.count)
        return r + body
    }
    static func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v) { Array($0) } }

    /// XIQueryDevice: a touchscreen (direct, 10 touches, x 0…4095.5) and a
    /// touchpad (gesture class), their names padded to words.
    @Test func xiQueryDevice() {
        var body: [UInt8] = []
        // id 11, slave pointer, attached to 2, 3 classes, name "ts" (2), enabled
        body += Self.le(UInt16(11)) + Self.le(UInt16(XISlavePointer)) + Self.le(UInt16(2)) + Self.le(UInt16(3)) + Self.le(UInt16(2)) + [1, 0]
        body += Array("ts".utf8) + [0, 0]
        body += Self.le(UInt16(XITouchClass)) + Self.le(UInt16(2)) + Self.le(UInt16(11)) + [UInt8(XIDirectTouch), 10]
        for (number, max) in [(UInt16(0), (Int32(4095), UInt32(1) << 31)), (1, (2047, 0))] {
            body += Self.le(UInt16(XIValuatorClass)) + Self.le(UInt16(11)) + Self.le(UInt16(11)) + Self.le(number) + Self.le(UInt32(0))
            body += Self.le(Int32(0)) + Self.le(UInt32(0)) + Self.le(max.0) + Self.le(max.1)
            body += [UInt8](repeating: 0, count: 8) + Self.le(UInt32(1)) + [0, 0, 0, 0]
        }
        // id 12, floating slave, 1 class, name "touchpad" (8), disabled
        body += Self.le(UInt16(12)) + Self.le(UInt16(XIFloatingSlave)) + Self.le(UInt16(0)) + Self.le(UInt16(1)) + Self.le(UInt16(8)) + [0, 0]
        body += Array("touchpad".utf8)
        body += Self.le(UInt16(XIGestureClass)) + Self.le(UInt16(2)) + Self.le(UInt16(12)) + [4, 0]
        let bytes = Self.reply(head: Self.le(UInt16(2)), body: body)
        let infos = bytes.withUnsafeBytes { XDevice.infos(Reply($0)) }
        #expect(infos.map(\.id) == [11, 12])
        #expect(infos.map(\.name) == ["ts", "touchpad"])
        #expect(infos.map(\.isSlavePointer) == [true, true])
        #expect(infos.map(\.enabled) == [true, false])
        #expect(infos.first?.touchMode == "direct" && infos.first?.maxTouches == 10)
        #expect(infos.first?.xRange == 0...4095.5)
        #expect(infos.first?.yRange == 0...2047)
        #expect(infos.last?.gestures == true && infos.last?.touchMode == "none")
        // Cut short: the devices read whole are kept, nothing is read past the end.
        let short = Array(bytes.prefix(bytes.count - 20))
        #expect(short.withUnsafeBytes { XDevice.infos(Reply($0)) }.map(\.id) == [11])
    }

    /// RRGetMonitors: each monitor's name atom and rectangle, past its outputs.
    @Test func rrGetMonitors() {
        var body: [UInt8] = []
        for (name, x, outputs) in [(UInt32(300), Int16(0), 2), (301, 960, 0)] {
            body += Self.le(name) + [1, 1] + Self.le(UInt16(outputs)) + Self.le(x) + Self.le(Int16(0))
            body += Self.le(UInt16(960)) + Self.le(UInt16(1080)) + Self.le(UInt32(250)) + Self.le(UInt32(140))
            body += [UInt8](repeating: 7, count: 4 * outputs)
        }
        let bytes = Self.reply(head: Self.le(UInt32(0)) + Self.le(UInt32(2)) + Self.le(UInt32(2)), body: body)
        let raw = bytes.withUnsafeBytes { Monitors.raw(Reply($0)) }
        #expect(raw.map(\.name) == [300, 301])
        #expect(raw.map(\.x) == [0, 960])
        #expect(raw.allSatisfy { $0.width == 960 && $0.height == 1080 })
    }

    /// XIGetProperty: 32-bit items stay 32 bits wide; no such property
    /// (type None) reads as nothing.
    @Test func xiGetProperty() {
        let ids = Self.le(UInt32(0x046d)) + Self.le(UInt32(0xc52b))
        let head = Self.le(UInt32(XA_INTEGER)) + Self.le(UInt32(0)) + Self.le(UInt32(2)) + [32]
        let bytes = Self.reply(head: head, body: ids)
        #expect(bytes.withUnsafeBytes { XDevice.property(Reply($0), as: XDevice.productID) } == USBID(vendor: 0x046d, product: 0xc52b))
        let none = Self.reply(head: [], body: [])
        #expect(none.withUnsafeBytes { XDevice.property(Reply($0), as: XDevice.productID) } == nil)
    }
}
