import CX11
import GestureCore

/// XInput 2 on a connection: its opcode, version, and the devices it has.
public struct XInput {
    public private(set) var opcode: Int32 = 0
    /// Asked for 2.4; the server answers the version it speaks.
    public private(set) var major: Int32 = 2
    public private(set) var minor: Int32 = 4

    /// 2.2 gives touches; 2.4 touchpad gestures.
    public var hasGestures: Bool { major > 2 || (major == 2 && minor >= 4) }

    /// The queries write their answers where they are kept.
    public init(_ c: XConnection) throws(XConnectionError) {
        var ev: Int32 = 0, err: Int32 = 0
        guard XQueryExtension(c.display, "XInputExtension", &opcode, &ev, &err) != 0 else {
            throw .noXInput("the X server has no XInput extension; GestureBridge needs XInput 2.2 or later")
        }
        guard XIQueryVersion(c.display, &major, &minor) == 0, major > 2 || (major == 2 && minor >= 2) else {
            throw .noXInput("the X server speaks XInput \(major).\(minor); GestureBridge needs 2.2 or later (touch events)")
        }
    }
}

/// An XI2 device as `gesture-bridge devices` shows it.
public struct XDevice: Hashable, Sendable {
    public var id: Int32
    public var name: String
    public var kind: DeviceKind
    /// XIDirectTouch, XIDependentTouch, or none.
    public var touchMode: String
    public var maxTouches: Int
    public var enabled: Bool
    /// Raw valuator ranges of the first two axes (for raw touch events).
    public var xRange: ClosedRange<Double>?
    public var yRange: ClosedRange<Double>?

    /// How `kind` was decided (DeviceKindRule).
    public var kindReason: String
    /// A touchpad's size in mm, from udev (DeviceSize).
    public var sizeMM: Size? = nil
    /// Its USB vendor and product, where X says them (`Device Product ID`).
    public var usb: USBID? = nil
    /// What a trace calls it if it is no touch device: a mouse or a pen
    /// (DeviceKindRule.pointerKind).
    public var pointerKind: DeviceKind = .mouse

    public var device: Device { Device(id: id, name: name, kind: kind, sizeMM: sizeMM, usb: usb) }

    public init(id: Int32, name: String, kind: DeviceKind, touchMode: String, maxTouches: Int, enabled: Bool,
                xRange: ClosedRange<Double>? = nil, yRange: ClosedRange<Double>? = nil, kindReason: String = "") {
        self.id = id
        self.name = name
        self.kind = kind
        self.touchMode = touchMode
        self.maxTouches = maxTouches
        self.enabled = enabled
        self.xRange = xRange
        self.yRange = yRange
        self.kindReason = kindReason
    }

    /// Slave pointers, each with its kind decided from what X and its driver
    /// say it is (DeviceKindRule): asked as the listener asks after a read
    /// (ServerQuery), waiting for the answers (round trips: tools, the start).
    public static func query(_ c: XConnection) -> [XDevice] {
        let q = ServerQuery(connection: c, randr: false)
        q.ask(.devices, devices: [])
        return q.finish()?.devices ?? []
    }

    /// What XIQueryDevice says of one device.
    struct Info {
        var id: Int32
        var use: Int32
        var name: String
        var enabled: Bool
        var touchMode = "none"
        var maxTouches = 0
        var gestures = false
        var xRange: ClosedRange<Double>? = nil
        var yRange: ClosedRange<Double>? = nil
        /// The first two axes' resolutions, units per metre (0: none declared).
        var xResolution = 0.0, yResolution = 0.0
        /// A pointer's slave, attached or floating (the devices the bridge lists).
        var isSlavePointer: Bool { use == XISlavePointer || use == XIFloatingSlave }
    }

    /// An XIQueryDevice reply's devices (libxcb's `xcb_input_xi_device_info_t`,
    /// each followed by its name and classes), walked by each class's own
    /// length (its `len` field), not by libxcb's class iterator: libxcb
    /// before 1.15 (Ubuntu 22.04 ships 1.14) sizes a class by the fields its
    /// xinput.xml knows for that type (`xcb_input_device_class_sizeof` adds
    /// the switch's case to the 6-byte header), and XI 2.4's gesture class
    /// (XIGestureClass, 9: a touchpad's) is not in 1.14's xinput.xml: sized
    /// 6 bytes instead of its 8, it shifts every class and device after it.
    /// libxcb 1.15 sizes a class by `len` (xcb-proto's `<length>` on
    /// DeviceClass, added in 2021 with the gesture class). The classes are
    /// read as libxcb's structs. A class or device running past the reply's
    /// end refuses the reply (`ShortReply`), never read as 0.
    static func infos(_ reply: XReply) throws(ShortReply) -> [Info] {
        let base = UnsafeRawPointer(reply.pointer)
        var out: [Info] = []
        var at = MemoryLayout<xcb_input_xi_query_device_reply_t>.size
        for _ in 0..<Int(reply.typed(xcb_input_xi_query_device_reply_t.self).pointee.num_infos) {
            try reply.holds(at + MemoryLayout<xcb_input_xi_device_info_t>.size)
            let d = base.loadUnaligned(fromByteOffset: at, as: xcb_input_xi_device_info_t.self)
            let nameAt = at + MemoryLayout<xcb_input_xi_device_info_t>.size, nameLength = Int(d.name_len)
            try reply.holds(nameAt + nameLength)
            var info = Info(id: Int32(d.deviceid), use: Int32(d.type),
                            name: String(decoding: UnsafeRawBufferPointer(start: base + nameAt, count: nameLength), as: UTF8.self),
                            enabled: d.enabled != 0)
            at = nameAt + (nameLength + 3) / 4 * 4
            for _ in 0..<Int(d.num_classes) {
                try reply.holds(at + MemoryLayout<xcb_input_device_class_t>.size)
                let c = base.loadUnaligned(fromByteOffset: at, as: xcb_input_device_class_t.self)
                let length = Int(c.len) * 4
                // A class shorter than its header would never move the walk on.
                guard length >= MemoryLayout<xcb_input_device_class_t>.size else { throw ShortReply(count: reply.count, needed: at + MemoryLayout<xcb_input_device_class_t>.size) }
                try reply.holds(at + length)
                switch Int32(c.type) {
                case XITouchClass where length >= MemoryLayout<xcb_input_touch_class_t>.size:
                    let t = base.loadUnaligned(fromByteOffset: at, as: xcb_input_touch_class_t.self)
                    info.touchMode = Int32(t.mode) == XIDirectTouch ? "direct" : "dependent"
                    info.maxTouches = Int(t.num_touches)
                case XIGestureClass:
                    info.gestures = true
                case XIValuatorClass where length >= MemoryLayout<xcb_input_valuator_class_t>.size:
                    let v = base.loadUnaligned(fromByteOffset: at, as: xcb_input_valuator_class_t.self)
                    let min = Self.fp3232(v.min), max = Self.fp3232(v.max)
                    if max > min {
                        if v.number == 0 { info.xRange = min...max; info.xResolution = Double(v.resolution) }
                        if v.number == 1 { info.yRange = min...max; info.yResolution = Double(v.resolution) }
                    }
                default: break
                }
                at += length
            }
            out.append(info)
        }
        return out
    }

    /// X's FP3232: a signed integral part, then the fraction.
    static func fp3232(_ v: xcb_input_fp3232_t) -> Double { Double(v.integral) + Double(v.frac) / 4_294_967_296 }

    /// A device from what X said of it, its kind decided (DeviceKindRule).
    init(_ info: Info, typeName: String?, properties: Set<String>, node: String?, usb: USBID?) {
        let facts = DeviceFacts(touchMode: info.touchMode, hasGestureClass: info.gestures, typeName: typeName,
                                properties: properties, name: info.name)
        let (kind, reason) = DeviceKindRule.decide(facts)
        self.init(id: info.id, name: info.name, kind: kind, touchMode: info.touchMode, maxTouches: info.maxTouches,
                  enabled: info.enabled, xRange: info.xRange, yRange: info.yRange, kindReason: reason)
        switch kind {
        case .touchpad: sizeMM = node.flatMap(DeviceSize.of(node:))
        // A touchscreen's size gives the engine its density (mm thresholds
        // in its px): X's axes where its driver declares their resolution
        // (evdev's: the kernel's), else udev's (xf86-input-libinput
        // declares none for touch axes: its 0…65535 carry no mm).
        case .touchscreen:
            sizeMM = DeviceSize.of(x: info.xRange, info.xResolution, y: info.yRange, info.yResolution)
                ?? node.flatMap(DeviceSize.of(node:))
        case .other, .mouse, .pen: break
        }
        // Every device's, a mouse's too: a binding's or a [[device]] rule's
        // `usb:` names a pointer a stroke is drawn with as well.
        self.usb = usb
        pointerKind = DeviceKindRule.pointerKind(typeName: typeName, name: info.name)
    }

    /// The driver's properties the listing reads (xf86-input-libinput, evdev).
    static let nodeProperty = "Device Node", productProperty = "Device Product ID"

    /// An XIGetProperty reply's items (libxcb's reply type), each widened
    /// to 32 bits; nil without the property (its type None).
    static func items(_ reply: XReply) throws(ShortReply) -> RefreshMachine.PropertyItems? {
        let p = reply.typed(xcb_input_xi_get_property_reply_t.self)
        let format = Int(p.pointee.format), n = Int(p.pointee.num_items)
        guard p.pointee.type != 0, [8, 16, 32].contains(format) else { return nil }
        try reply.holds(MemoryLayout<xcb_input_xi_get_property_reply_t>.size + n * format / 8)
        let data = UnsafeRawPointer(xcb_input_xi_get_property_items(p)!)
        let values: [UInt32] = (0..<n).map { i in
            switch format {
            case 8: UInt32(data.load(fromByteOffset: i, as: UInt8.self))
            case 16: UInt32(data.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self))
            default: data.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
            }
        }
        return RefreshMachine.PropertyItems(format: format, values: values)
    }

    /// "Device Node": `/dev/input/eventN`.
    static func node(_ items: RefreshMachine.PropertyItems) -> String? {
        guard items.format == 8, !items.values.isEmpty else { return nil }
        return String(decoding: items.values.prefix { $0 != 0 }.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
    }

    /// A libinput device: xf86-input-libinput's properties are on it
    /// (`gesture-bridge doctor`).
    public static func isLibinput(_ c: XConnection, device: Int32) -> Bool {
        let atom = XInternAtom(c.display, "libinput Send Events Mode Enabled", 1)
        return atom != 0 && hasProperty(c, device: device, atom)
    }

    /// The "Device Product ID" property (xf86-input-libinput, evdev): the
    /// vendor and product ids the kernel gives (USB's, or the bus's own);
    /// nil without it or when both are 0.
    /// "Device Product ID"'s two items; nil when both are 0.
    static func productID(_ items: RefreshMachine.PropertyItems) -> USBID? {
        // XIGetProperty keeps 32-bit items 32 bits wide.
        guard items.format == 32, items.values.count == 2 else { return nil }
        let ids = items.values
        guard ids[0] != 0 || ids[1] != 0 else { return nil }
        return USBID(vendor: UInt16(truncatingIfNeeded: ids[0]), product: UInt16(truncatingIfNeeded: ids[1]))
    }

    /// Whether the device has the property (XIListProperties, waited for).
    private static func hasProperty(_ c: XConnection, device: Int32, _ atom: Atom) -> Bool {
        guard let sequence = c.requests({ xcb_input_xi_list_properties($0, xcb_input_device_id_t(truncatingIfNeeded: device)).sequence }),
              case .reply(let reply) = c.wait(sequence) else { return false }
        defer { reply.free() }
        guard case .deviceProperties(_, let atoms)? = try? ServerQuery.read(.deviceProperties(device), reply, keycodes: 0)
        else { return false }
        return atoms.contains(atom)
    }
}
