import CX11
import GestureCore
import Testing
@testable import GestureX11

/// The replies the refresh reads with libxcb's reply types, from bytes laid
/// out with libxcb's own structs (no X server needed), and cross-checked
/// with libxcb's iterators where it has one.
@Suite struct ReplyReadingTests {
    static func bytes<T>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v) { Array($0) } }

    /// A whole reply: `header` (its length filled in from `body`), then `body`.
    static func reply<T>(_ header: T, body: [UInt8]) -> [UInt8] {
        var h = bytes(header)
        withUnsafeBytes(of: UInt32(body.count / 4)) { h.replaceSubrange(4..<8, with: $0) }
        return h + body
    }

    /// Runs `body` on a copy of `bytes` as XCB hands a reply over.
    static func reading<R>(_ bytes: [UInt8], _ body: (XReply) throws -> R) rethrows -> R {
        let p = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 8)
        defer { p.deallocate() }
        p.copyMemory(from: bytes, byteCount: bytes.count)
        return try body(XReply(pointer: p))
    }

    static func device(_ id: UInt16, _ use: Int32, _ name: String, enabled: Bool, classes: [[UInt8]]) -> [UInt8] {
        let info = xcb_input_xi_device_info_t(deviceid: id, type: UInt16(use), attachment: 0, num_classes: UInt16(classes.count),
                                              name_len: UInt16(name.utf8.count), enabled: enabled ? 1 : 0, pad0: 0)
        var out = bytes(info) + Array(name.utf8)
        while out.count % 4 != 0 { out.append(0) }
        return out + classes.joined()
    }

    static func valuator(_ number: UInt16, source: UInt16, max: xcb_input_fp3232_t) -> [UInt8] {
        let v = xcb_input_valuator_class_t(type: UInt16(XIValuatorClass), len: 11, sourceid: source, number: number, label: 0,
                                           min: xcb_input_fp3232_t(integral: 0, frac: 0), max: max,
                                           value: xcb_input_fp3232_t(integral: 0, frac: 0), resolution: 1, mode: 1, pad0: (0, 0, 0))
        return bytes(v)
    }

    /// XI 2.4's gesture class: type 9, two words (XIGestureClassInfo:
    /// type, length, sourceid, num_touches, a pad byte).
    static func gestureClass(source: UInt16, touches: UInt8) -> [UInt8] {
        bytes(UInt16(XIGestureClass)) + bytes(UInt16(2)) + bytes(source) + [touches, 0]
    }

    /// A touchscreen (touch class, x 0…4095.5, y 0…2047); a touchpad whose
    /// gesture class comes before its valuators; a keyboard after it.
    static let queryDevice: [UInt8] = {
        let touch = xcb_input_touch_class_t(type: UInt16(XITouchClass), len: 2, sourceid: 11, mode: UInt8(XIDirectTouch), num_touches: 10)
        let body = device(11, XISlavePointer, "ts", enabled: true, classes: [
            bytes(touch), valuator(0, source: 11, max: .init(integral: 4095, frac: 1 << 31)),
            valuator(1, source: 11, max: .init(integral: 2047, frac: 0)),
        ]) + device(12, XIFloatingSlave, "touchpad", enabled: false, classes: [
            gestureClass(source: 12, touches: 4), valuator(0, source: 12, max: .init(integral: 1200, frac: 0)),
        ]) + device(13, XISlaveKeyboard, "kbd", enabled: true, classes: [])
        var header = xcb_input_xi_query_device_reply_t()
        header.response_type = 1
        header.num_infos = 3
        return reply(header, body: body)
    }()

    /// Each class walked by its own length: the touchpad's valuator after
    /// its gesture class, and the device after it, read whole. libxcb 1.14
    /// (Ubuntu 22.04's) would size the gesture class at 6 bytes (the
    /// fields its xinput.xml knows: none for type 9) and misread both.
    @Test func xiQueryDeviceWithAGestureClass() throws {
        let infos = try Self.reading(Self.queryDevice) { try XDevice.infos($0) }
        #expect(infos.map(\.id) == [11, 12, 13])
        #expect(infos.map(\.name) == ["ts", "touchpad", "kbd"])
        #expect(infos.map(\.isSlavePointer) == [true, true, false])
        #expect(infos.map(\.enabled) == [true, false, true])
        #expect(infos[0].touchMode == "direct" && infos[0].maxTouches == 10)
        #expect(infos[0].xRange == 0...4095.5 && infos[0].yRange == 0...2047)
        #expect(infos[1].gestures && infos[1].touchMode == "none")
        #expect(infos[1].xRange == 0...1200)   // the class after the gesture class
    }

    /// The same bytes through the installed libxcb's own iterators (1.15
    /// here: it sizes classes by `len`): the same devices and class types.
    @Test func libxcbItselfReadsTheSameBytesTheSame() throws {
        let ours = try Self.reading(Self.queryDevice) { try XDevice.infos($0) }
        let theirs: [(id: Int32, name: String, classes: [UInt16])] = Self.reading(Self.queryDevice) { r in
            var out: [(Int32, String, [UInt16])] = []
            var d = xcb_input_xi_query_device_infos_iterator(r.typed(xcb_input_xi_query_device_reply_t.self))
            while d.rem > 0 {
                let name = String(decoding: UnsafeRawBufferPointer(start: xcb_input_xi_device_info_name(d.data),
                                                                    count: Int(d.data.pointee.name_len)), as: UTF8.self)
                var classes: [UInt16] = []
                var c = xcb_input_xi_device_info_classes_iterator(d.data)
                while c.rem > 0 {
                    classes.append(c.data.pointee.type)
                    xcb_input_device_class_next(&c)
                }
                out.append((Int32(d.data.pointee.deviceid), name, classes))
                xcb_input_xi_device_info_next(&d)
            }
            return out
        }
        #expect(theirs.map(\.id) == ours.map(\.id))
        #expect(theirs.map(\.name) == ours.map(\.name))
        #expect(theirs.map(\.classes) == [[UInt16(XITouchClass), 2, 2], [UInt16(XIGestureClass), 2], []])
    }

    /// A reply cut short (its length says less than its devices need) is
    /// refused whole: no device read past the end, none read as zeros.
    @Test func aShortXIQueryDeviceReplyIsRefused() {
        var short = Array(Self.queryDevice.prefix(Self.queryDevice.count - 12))
        withUnsafeBytes(of: UInt32((short.count - 32) / 4)) { short.replaceSubrange(4..<8, with: $0) }
        #expect(throws: ShortReply.self) { try Self.reading(short) { try XDevice.infos($0) } }
        // A class whose length is below its header would never move the walk on.
        var zero = Self.queryDevice
        let firstClass = 32 + 12 + 4
        zero.replaceSubrange(firstClass + 2 ..< firstClass + 4, with: [0, 0])
        #expect(throws: ShortReply.self) { try Self.reading(zero) { try XDevice.infos($0) } }
    }

    /// RRGetMonitors: each monitor's name atom and rectangle, past its outputs.
    @Test func rrGetMonitors() throws {
        var body: [UInt8] = []
        for (name, x, outputs) in [(UInt32(300), Int16(0), 2), (301, 960, 0)] {
            let m = xcb_randr_monitor_info_t(name: name, primary: 1, automatic: 1, nOutput: UInt16(outputs), x: x, y: 0,
                                             width: 960, height: 1080, width_in_millimeters: 250, height_in_millimeters: 140)
            body += Self.bytes(m) + [UInt8](repeating: 7, count: 4 * outputs)
        }
        var header = xcb_randr_get_monitors_reply_t()
        header.nMonitors = 2
        header.nOutputs = 2
        let bytes = Self.reply(header, body: body)
        let raw = try Self.reading(bytes) { try Monitors.raw($0) }
        #expect(raw.map(\.name) == [300, 301])
        #expect(raw.map(\.x) == [0, 960])
        #expect(raw.allSatisfy { $0.width == 960 && $0.height == 1080 })
        header.nMonitors = 3   // more than the reply holds
        #expect(throws: ShortReply.self) { try Self.reading(Self.reply(header, body: body)) { try Monitors.raw($0) } }
    }

    /// XIGetProperty: 32-bit items stay 32 bits wide; no such property
    /// (type None) reads as nothing; more items than the reply holds, an error.
    @Test func xiGetProperty() throws {
        var header = xcb_input_xi_get_property_reply_t()
        header.type = xcb_atom_t(XA_INTEGER)
        header.num_items = 2
        header.format = 32
        let ids = Self.bytes(UInt32(0x046d)) + Self.bytes(UInt32(0xc52b))
        let items = try Self.reading(Self.reply(header, body: ids)) { try XDevice.items($0) }
        #expect(items.flatMap(XDevice.productID) == USBID(vendor: 0x046d, product: 0xc52b))
        header.num_items = 3
        #expect(throws: ShortReply.self) { try Self.reading(Self.reply(header, body: ids)) { try XDevice.items($0) } }
        var none = xcb_input_xi_get_property_reply_t()
        none.type = 0
        #expect(try Self.reading(Self.reply(none, body: [])) { try XDevice.items($0) } == nil)
    }

    /// A passive grab's answer: the modifier states X refused, counted
    /// (another client holds them); an error refuses them all.
    @Test func aPassiveGrabsRefusals() {
        let grab = PassiveGrab.button(3, states: [0, 0x40], window: 1)
        var header = xcb_input_xi_passive_grab_device_reply_t()
        header.num_modifiers = 1
        let refusedOne = Self.reply(header, body: Self.bytes(xcb_input_grab_modifier_info_t(modifiers: 0x40, status: UInt8(BadAccess),
                                                                                            pad0: (0, 0, 0))))
        #expect(Self.reading(refusedOne) { grab.refused(.reply($0)) } == 1)
        header.num_modifiers = 0
        #expect(Self.reading(Self.reply(header, body: [])) { grab.refused(.reply($0)) } == 0)
        #expect(grab.refused(.error(XRequestError(code: UInt8(BadAccess)))) == 2)
        #expect(grab.mask == [UInt32(1 << XI_ButtonPress | 1 << XI_ButtonRelease | 1 << XI_Motion)])
    }
}
