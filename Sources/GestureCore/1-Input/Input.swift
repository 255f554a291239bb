// What the engine is fed: touches, touchpad gestures, window and device changes.
// The X layer and the trace reader both produce these. A pointer's buttons
// and motion (strokes drawn with a button held) come the same way from a
// trace, but the engine leaves them out: PointerStrokeMachine decides them.

public enum DeviceKind: String, Hashable, Sendable {
    case touchscreen
    case touchpad
    case other
    /// A pointer a stroke is drawn with, as traces name it
    /// (trace-format.md): a mouse, trackball or pointing stick…
    case mouse
    /// …or a tablet's stylus (its tip is button 1, its side buttons 2 and 3).
    case pen

    /// A device the engine's touch bindings listen to.
    @inline(__always) public var isTouch: Bool { self == .touchscreen || self == .touchpad }
    /// A device whose buttons and motion a trace's pointer records come from.
    public var isPointer: Bool { self == .mouse || self == .pen }
}

public typealias DeviceID = Int32
public typealias TouchID = UInt32

public struct Device: Hashable, Sendable {
    public var id: DeviceID
    public var name: String
    public var kind: DeviceKind
    /// The output a touchscreen is mapped to, if known.
    public var output: String?
    /// The touch surface's physical size in mm (udev's ID_INPUT_WIDTH_MM and
    /// ID_INPUT_HEIGHT_MM), if known.
    public var sizeMM: Size?
    /// Its USB vendor and product ids, where X says them (the `Device
    /// Product ID` property).
    public var usb: USBID?

    public init(id: DeviceID, name: String, kind: DeviceKind, output: String? = nil, sizeMM: Size? = nil,
                usb: USBID? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.output = output
        self.sizeMM = sizeMM
        self.usb = usb
    }
}

/// A device's USB vendor and product ids.
public struct USBID: Hashable, Sendable, CustomStringConvertible {
    public var vendor: UInt16
    public var product: UInt16
    public init(vendor: UInt16, product: UInt16) {
        self.vendor = vendor
        self.product = product
    }
    /// `04f3:2b7c`.
    public var description: String { DeviceFilter.hex(vendor) + ":" + DeviceFilter.hex(product) }
}

/// A monitor, in root pixels.
public struct Output: Hashable, Sendable {
    public var name: String
    public var x: Double, y: Double, width: Double, height: Double

    public init(name: String, x: Double, y: Double, width: Double, height: Double) {
        self.name = name
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
    }
}

/// The root window and its outputs. `pxPerMM` converts `mm` thresholds.
public struct Screen: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var pxPerMM: Double
    /// Empty means one output covering the whole screen.
    public var outputs: [Output]

    public init(width: Double, height: Double, pxPerMM: Double = 3.78, outputs: [Output] = []) {
        self.width = width
        self.height = height
        self.pxPerMM = pxPerMM
        self.outputs = outputs
    }

    /// The output a touch is on: the one its touchscreen is mapped to, if
    /// that output exists (mirrored or overlapping outputs would otherwise
    /// be ambiguous); else the output at the point.
    func output(at p: Point, mappedTo name: String?) -> Output {
        if let name, let o = outputs.first(where: { $0.name == name }) { return o }
        return output(at: p)
    }

    /// The output a point is on: the smallest containing it (monitors may
    /// overlap: one set by `xrandr --setmonitor` inside the server's own),
    /// else the nearest.
    func output(at p: Point) -> Output {
        if outputs.isEmpty { return Output(name: "screen", x: 0, y: 0, width: width, height: height) }
        if let o = outputs.filter({ $0.contains(p) }).min(by: { $0.width * $0.height < $1.width * $1.height }) { return o }
        var best = outputs[0]
        var bestD = Double.infinity
        for o in outputs {
            let dx = max(o.x - p.x, 0, p.x - (o.x + o.width))
            let dy = max(o.y - p.y, 0, p.y - (o.y + o.height))
            let d = dx * dx + dy * dy
            if d < bestD { bestD = d; best = o }
        }
        return best
    }
}

/// WM_CLASS (and title) of the window under the touch or in focus.
public struct WindowContext: Hashable, Sendable {
    public var windowClass: String
    public var instance: String
    public var title: String?

    public init(windowClass: String, instance: String, title: String? = nil) {
        self.windowClass = windowClass
        self.instance = instance
        self.title = title
    }

    /// The desktop itself: no application window.
    public static let desktop = WindowContext(windowClass: "", instance: "")
}

/// One input to the engine. Touch positions are root pixels.
public enum Input: Hashable, Sendable {
    case touchBegin(device: DeviceID, touch: TouchID, at: Point)
    case touchUpdate(device: DeviceID, touch: TouchID, at: Point)
    case touchEnd(device: DeviceID, touch: TouchID, at: Point)
    /// XI 2.4 swipe: `at` is the pointer position.
    case swipeBegin(device: DeviceID, fingers: Int, at: Point)
    /// `delta` since the previous swipe event, pixels. `unaccelerated`: the
    /// same motion before pointer acceleration (libinput's units, normalized
    /// to 1000 dpi: 1 = 0.0254 mm), when X gave it.
    case swipeUpdate(device: DeviceID, fingers: Int, delta: Point, unaccelerated: Point? = nil)
    case swipeEnd(device: DeviceID, fingers: Int, cancelled: Bool)
    case pinchBegin(device: DeviceID, fingers: Int, at: Point)
    /// `scale` absolute (1.0 at begin); `angleDelta` degrees since the previous event, clockwise.
    case pinchUpdate(device: DeviceID, fingers: Int, delta: Point, scale: Double, angleDelta: Double)
    case pinchEnd(device: DeviceID, fingers: Int, cancelled: Bool)
    case window(WindowContext)
    /// The modifier keys held, as the next touch or gesture begin carries
    /// them (sent when they change): they pick the layers of the attempt
    /// that begin starts.
    case modifiers(Modifiers)
    case deviceAdded(Device)
    case deviceRemoved(DeviceID)
    case screenChanged(Screen)
    /// A pointer's button went down (`at` in root pixels): the pointer
    /// records of a trace (`button-press`, `motion`, `button-release`).
    /// The engine ignores these three; `replay` hands them to
    /// PointerStrokeMachine, as the daemon's X side does.
    case buttonPress(device: DeviceID, button: Int, at: Point)
    case pointerMotion(device: DeviceID, at: Point)
    case buttonRelease(device: DeviceID, button: Int, at: Point)

    /// The device an event comes from, if it has one.
    public var device: DeviceID? {
        switch self {
        case .touchBegin(let d, _, _), .touchUpdate(let d, _, _), .touchEnd(let d, _, _),
             .swipeBegin(let d, _, _), .swipeUpdate(let d, _, _, _), .swipeEnd(let d, _, _),
             .pinchBegin(let d, _, _), .pinchUpdate(let d, _, _, _, _), .pinchEnd(let d, _, _),
             .deviceRemoved(let d), .buttonPress(let d, _, _), .pointerMotion(let d, _), .buttonRelease(let d, _, _):
            return d
        case .deviceAdded(let dev):
            return dev.id
        case .window, .modifiers, .screenChanged:
            return nil
        }
    }
}
