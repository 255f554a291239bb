import CX11
import GestureCore

/// XInput 2 on a connection: its opcode, version, and the devices it has.
public struct XInput {
    public let opcode: Int32
    public let major: Int32
    public let minor: Int32

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
    /// say it is (DeviceKindRule).
    public static func query(_ c: XConnection) -> [XDevice] {
        var n: Int32 = 0
        guard let infos = XIQueryDevice(c.display, XIAllDevices, &n) else { return [] }
        defer { XIFreeDeviceInfo(infos) }
        let types = typeNames(c)
        let tapping = XInternAtom(c.display, DeviceKindRule.libinputTapping, 1)
        var out: [XDevice] = []
        for i in 0..<Int(n) {
            let info = infos[i]
            guard info.use == XISlavePointer || info.use == XIFloatingSlave else { continue }
            let name = String(cString: info.name)
            var mode = "none", touches = 0, gestures = false
            var xr: ClosedRange<Double>? = nil, yr: ClosedRange<Double>? = nil
            for k in 0..<Int(info.num_classes) {
                guard let cls = info.classes[k] else { continue }
                if cls.pointee.type == XITouchClass {
                    let t = UnsafeMutableRawPointer(cls).assumingMemoryBound(to: XITouchClassInfo.self).pointee
                    mode = t.mode == XIDirectTouch ? "direct" : "dependent"
                    touches = Int(t.num_touches)
                } else if cls.pointee.type == XIGestureClass {
                    gestures = true
                } else if cls.pointee.type == XIValuatorClass {
                    let v = UnsafeMutableRawPointer(cls).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                    if v.max > v.min {
                        if v.number == 0 { xr = v.min...v.max }
                        if v.number == 1 { yr = v.min...v.max }
                    }
                }
            }
            var properties: Set<String> = []
            if tapping != 0 && hasProperty(c, device: info.deviceid, tapping) { properties.insert(DeviceKindRule.libinputTapping) }
            let facts = DeviceFacts(touchMode: mode, hasGestureClass: gestures, typeName: types[info.deviceid],
                                    properties: properties, name: name)
            let (kind, reason) = DeviceKindRule.decide(facts)
            var d = XDevice(id: info.deviceid, name: name, kind: kind, touchMode: mode, maxTouches: touches,
                            enabled: info.enabled != 0, xRange: xr, yRange: yr, kindReason: reason)
            if kind == .touchpad { d.sizeMM = DeviceSize.of(c, device: info.deviceid) }
            if kind != .other { d.usb = productID(c, device: info.deviceid) }
            out.append(d)
        }
        return out
    }

    /// Each device's XI type atom, by name (XI 1's device list is the only
    /// place X reports it; drivers set it: TOUCHPAD, TOUCHSCREEN, MOUSE, …).
    private static func typeNames(_ c: XConnection) -> [Int32: String] {
        var n: Int32 = 0
        guard let list = XListInputDevices(c.display, &n) else { return [:] }
        defer { XFreeDeviceList(list) }
        var atoms: [Int32: Atom] = [:]
        for i in 0..<Int(n) where list[i].type != 0 { atoms[Int32(truncatingIfNeeded: list[i].id)] = list[i].type }
        var names: [Atom: String] = [:]
        for atom in Set(atoms.values) {
            if let p = XGetAtomName(c.display, atom) {
                names[atom] = String(cString: p)
                XFree(p)
            }
        }
        return atoms.compactMapValues { names[$0] }
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
    static func productID(_ c: XConnection, device: Int32) -> USBID? {
        property(c, device: device, "Device Product ID", length: 2) { format, n, data in
            // XIGetProperty keeps 32-bit items 32 bits wide.
            guard format == 32, n == 2 else { return nil }
            let ids = UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self)
            guard ids[0] != 0 || ids[1] != 0 else { return nil }
            return USBID(vendor: UInt16(truncatingIfNeeded: ids[0]), product: UInt16(truncatingIfNeeded: ids[1]))
        }
    }

    /// A device property's items (`length` at most), read by `body` from
    /// their format (8, 16, 32), count and bytes; nil without the property.
    static func property<T>(_ c: XConnection, device: Int32, _ name: String, length: Int,
                            _ body: (Int32, Int, UnsafeMutablePointer<UInt8>) -> T?) -> T? {
        var type: Atom = 0, format: Int32 = 0, n: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>? = nil
        let atom = XInternAtom(c.display, name, 1)
        guard atom != 0,
              XIGetProperty(c.display, device, atom, 0, length, 0, Atom(AnyPropertyType), &type, &format, &n, &after, &data) == Success,
              let data else { return nil }
        defer { XFree(data) }
        return body(format, Int(n), data)
    }

    private static func hasProperty(_ c: XConnection, device: Int32, _ atom: Atom) -> Bool {
        var n: Int32 = 0
        guard let props = XIListProperties(c.display, device, &n) else { return false }
        defer { XFree(props) }
        return (0..<Int(n)).contains { props[$0] == atom }
    }
}
