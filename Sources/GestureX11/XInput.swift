import CX11
import GestureCore

/// XInput 2 on a connection: its opcode, version, and the devices it has.
public struct XInput {
    public let opcode: Int32
    public let major: Int32
    public let minor: Int32

    /// XInput's major opcode (0 without it).
    static func opcode(_ c: XConnection) -> Int32 {
        var opcode: Int32 = 0, ev: Int32 = 0, err: Int32 = 0
        return XQueryExtension(c.display, "XInputExtension", &opcode, &ev, &err) != 0 ? opcode : 0
    }

    /// 2.2 gives touches; 2.4 touchpad gestures.
    public var hasGestures: Bool { major > 2 || (major == 2 && minor >= 4) }

    public init(_ c: XConnection) throws(XConnectionError) {
        var opcode: Int32 = 0, ev: Int32 = 0, err: Int32 = 0
        guard XQueryExtension(c.display, "XInputExtension", &opcode, &ev, &err) != 0 else {
            throw .noXInput("the X server has no XInput extension; GestureBridge needs XInput 2.2 or later")
        }
        var major: Int32 = 2, minor: Int32 = 4
        guard XIQueryVersion(c.display, &major, &minor) == 0, major > 2 || (major == 2 && minor >= 2) else {
            throw .noXInput("the X server speaks XInput \(major).\(minor); GestureBridge needs 2.2 or later (touch events)")
        }
        self.opcode = opcode
        self.major = major
        self.minor = minor
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
        let q = ServerQuery(connection: c, xiOpcode: XInput.opcode(c), randr: false)
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
        /// A pointer's slave, attached or floating (the devices the bridge lists).
        var isSlavePointer: Bool { use == XISlavePointer || use == XIFloatingSlave }
    }

    /// An XIQueryDevice reply's devices (XI2proto's xXIDeviceInfo, each
    /// followed by its name and classes); a short reply ends the list.
    static func infos(_ r: Reply) -> [Info] {
        var out: [Info] = []
        var at = 32
        for _ in 0..<Int(r.u16(8)) {
            guard r.has(12, at: at) else { break }
            let classes = Int(r.u16(at + 6)), nameLength = Int(r.u16(at + 8))
            var info = Info(id: Int32(r.u16(at)), use: Int32(r.u16(at + 2)),
                            name: String(decoding: r.slice(at + 12, nameLength).bytes, as: UTF8.self), enabled: r.u8(at + 10) != 0)
            at += 12 + (nameLength + 3) / 4 * 4
            for _ in 0..<classes {
                let length = Int(r.u16(at + 2)) * 4
                guard length > 0, r.has(length, at: at) else { return out }
                switch Int32(r.u16(at)) {
                case XITouchClass:
                    info.touchMode = Int32(r.u8(at + 6)) == XIDirectTouch ? "direct" : "dependent"
                    info.maxTouches = Int(r.u8(at + 7))
                case XIGestureClass:
                    info.gestures = true
                case XIValuatorClass:
                    let min = r.fp3232(at + 12), max = r.fp3232(at + 20)
                    if max > min {
                        if r.u16(at + 6) == 0 { info.xRange = min...max }
                        if r.u16(at + 6) == 1 { info.yRange = min...max }
                    }
                default: break
                }
                at += length
            }
            out.append(info)
        }
        return out
    }

    /// A device from what X said of it, its kind decided (DeviceKindRule).
    init(_ info: Info, typeName: String?, properties: Set<String>, node: String?, usb: USBID?) {
        let facts = DeviceFacts(touchMode: info.touchMode, hasGestureClass: info.gestures, typeName: typeName,
                                properties: properties, name: info.name)
        let (kind, reason) = DeviceKindRule.decide(facts)
        self.init(id: info.id, name: info.name, kind: kind, touchMode: info.touchMode, maxTouches: info.maxTouches,
                  enabled: info.enabled, xRange: info.xRange, yRange: info.yRange, kindReason: reason)
        if kind == .touchpad { sizeMM = node.flatMap(DeviceSize.of(node:)) }
        if kind != .other { self.usb = usb }
    }

    /// The driver's properties the listing reads (xf86-input-libinput, evdev).
    static let nodeProperty = "Device Node", productProperty = "Device Product ID"

    /// An XIGetProperty reply's items, read by `body` from their format
    /// (8, 16, 32), count and bytes; nil without the property.
    static func property<T>(_ r: Reply, as body: (Int32, Int, UnsafeMutablePointer<UInt8>) -> T?) -> T? {
        let format = Int32(r.u8(20)), n = Int(r.u32(16))
        guard r.u32(8) != 0, n > 0, r.has(n * Int(format) / 8, at: 32), let base = r.bytes.baseAddress else { return nil }
        return body(format, n, UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self) + 32))
    }

    /// "Device Node": `/dev/input/eventN`.
    static func node(format: Int32, n: Int, data: UnsafeMutablePointer<UInt8>) -> String? {
        guard format == 8, n > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: n).prefix { $0 != 0 }, as: UTF8.self)
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
    static func productID(format: Int32, n: Int, data: UnsafeMutablePointer<UInt8>) -> USBID? {
        // XIGetProperty keeps 32-bit items 32 bits wide.
        guard format == 32, n == 2 else { return nil }
        let ids = UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self)
        guard ids[0] != 0 || ids[1] != 0 else { return nil }
        return USBID(vendor: UInt16(truncatingIfNeeded: ids[0]), product: UInt16(truncatingIfNeeded: ids[1]))
    }

    private static func hasProperty(_ c: XConnection, device: Int32, _ atom: Atom) -> Bool {
        var n: Int32 = 0
        guard let props = XIListProperties(c.display, device, &n) else { return false }
        defer { XFree(props) }
        return (0..<Int(n)).contains { props[$0] == atom }
    }
}
