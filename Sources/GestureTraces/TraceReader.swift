import GestureCore

/// Reads trace-format v1 line by line. Unknown keys are ignored; a missing
/// required key or a wrong type is an error naming the line and the key.
public struct TraceReader {
    public let file: String
    public private(set) var header: TraceHeader?
    private var lastT = 0.0
    /// The header's devices' kinds: a pointer record needs a `mouse` or
    /// `pen`, a touch or touchpad record one of the others.
    private var deviceKinds: [DeviceID: DeviceKind] = [:]
    /// The modifiers held, as the last begin's `mods` said (absent: none).
    private var held: Modifiers = []
    /// A begin read after the `.modifiers` event its line's `mods` made:
    /// `takeQueued` hands it over.
    private var queued: TraceEvent? = nil

    public init(file: String) { self.file = file }

    /// Parses a whole trace held in memory.
    public static func parse(_ text: String, file: String = "<trace>") throws(TraceError) -> Trace {
        var reader = TraceReader(file: file)
        var events: [TraceEvent] = []
        var n = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            if let e = try reader.read(line: line, number: n) { events.append(e) }
            if let q = reader.takeQueued() { events.append(q) }
        }
        guard let h = reader.header else { throw TraceError(file: file, line: 1, message: "empty trace: no header line") }
        return Trace(header: h, events: events)
    }

    /// The begin a line's `mods` put after the `.modifiers` event `read`
    /// returned for it: call after each `read`.
    public mutating func takeQueued() -> TraceEvent? {
        defer { queued = nil }
        return queued
    }

    /// Reads one line: nil for the header, blank lines and comments. A begin
    /// whose `mods` differ from the last begin's comes as two events: the
    /// `.modifiers` first, then (from `takeQueued`) the begin.
    public mutating func read(line raw: Substring, number: Int) throws(TraceError) -> TraceEvent? {
        let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
        guard let first = line.first(where: { $0 != " " && $0 != "\t" }), first != "#" else { return nil }
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw TraceError(file: file, line: number, column: error.column, message: error.message)
        }
        guard case .object(let members) = value else {
            throw TraceError(file: file, line: number, column: 1, message: "expected a JSON object")
        }
        let obj = Fields(members: members, file: file, line: number)
        if header == nil {
            header = try readHeader(obj)
            deviceKinds = Dictionary(header!.devices.map { ($0.id, $0.kind) }, uniquingKeysWith: { a, _ in a })
            return nil
        }
        return try readEvent(obj)
    }

    private func readHeader(_ o: Fields) throws(TraceError) -> TraceHeader {
        let version = try o.int("trace")
        guard version == 1 else {
            throw o.error("trace", "unsupported trace version \(version); this reads version 1")
        }
        let screen = try o.object("screen")
        var s = Screen(width: try screen.number("width"), height: try screen.number("height"))
        if let ppm = try screen.optionalNumber("px_per_mm") {
            guard ppm > 0 else { throw screen.error("px_per_mm", "must be greater than 0") }
            s.pxPerMM = ppm
        }
        if let outputs = try o.optionalArray("outputs") {
            for out in outputs {
                let oo = try out.asObject(key: "outputs")
                s.outputs.append(Output(name: try oo.string("name"), x: try oo.number("x"), y: try oo.number("y"),
                                        width: try oo.number("width"), height: try oo.number("height")))
            }
        }
        var devices: [Device] = []
        var kindFrom: [DeviceID: String] = [:]
        for d in try o.array("devices") {
            let dd = try d.asObject(key: "devices")
            let kindText = try dd.string("kind")
            guard let kind = DeviceKind(rawValue: kindText) else {
                throw dd.error("kind", "unknown device kind '\(kindText)'; expected touchscreen, touchpad, mouse, pen or other")
            }
            let id = try dd.deviceID("id")
            // Extension: the touch surface's size in mm (both or neither).
            var size: Size? = nil
            if let w = try dd.optionalNumber("width_mm") {
                size = Size(width: w, height: try dd.number("height_mm"))
            }
            // Extension: `usb`, "VVVV:PPPP" (hex), what X's Device Product ID says.
            var usb: USBID? = nil
            if let text = try dd.optionalString("usb") {
                guard case .usb(let v, let p)? = DeviceFilter("usb:" + text) else {
                    throw dd.error("usb", "'usb' takes a USB vendor and product id in hex, e.g. \"04f3:2b7c\"; got '\(text)'")
                }
                usb = USBID(vendor: v, product: p)
            }
            devices.append(Device(id: id, name: try dd.optionalString("name") ?? "",
                                  kind: kind, output: try dd.optionalString("output"), sizeMM: size, usb: usb))
            kindFrom[id] = try dd.optionalString("kind_from")
        }
        return TraceHeader(screen: s, devices: devices, kindFrom: kindFrom)
    }

    private mutating func readEvent(_ o: Fields) throws(TraceError) -> TraceEvent {
        let t = try o.number("t")
        guard t >= lastT else {
            throw o.error("t", "time goes backwards (\(t) after \(lastT)); events must be in time order")
        }
        lastT = t
        let ev = try o.string("ev")
        if ev == "window" {
            return TraceEvent(t: t, input: .window(WindowContext(windowClass: try o.string("class"),
                                                                 instance: try o.optionalString("instance") ?? "",
                                                                 title: try o.optionalString("title"))))
        }
        let pointer = Self.pointerEvents.contains(ev)
        // A pointer record without its device: said at the record's `ev`,
        // the place a reader looks (a missing key has no column of its own).
        if pointer && !o.has("dev") { throw o.error("ev", "a \(ev) record needs 'dev', the mouse or pen it comes from") }
        let dev = try o.deviceID("dev")
        guard let kind = deviceKinds[dev] else {
            throw o.error("dev", "device \(dev) is not in the header's devices")
        }
        let known = Self.pointerEvents.contains(ev) || Self.touchEvents.contains(ev)
        if known && pointer != kind.isPointer {
            throw o.error("dev", pointer
                ? "device \(dev) is a \(kind.rawValue) in the header; \(ev) records come from a mouse or pen"
                : "device \(dev) is a \(kind.rawValue) in the header; \(ev) records come from a touchscreen or touchpad")
        }
        let input: Input
        switch ev {
        case "button-press":
            input = .buttonPress(device: dev, button: try o.button(), at: try o.point())
        case "motion":
            input = .pointerMotion(device: dev, at: try o.point())
        case "button-release":
            input = .buttonRelease(device: dev, button: try o.button(), at: try o.point())
        case "touch-begin":
            input = .touchBegin(device: dev, touch: try o.touchID(), at: try o.point())
        case "touch-update":
            input = .touchUpdate(device: dev, touch: try o.touchID(), at: try o.point())
        case "touch-end":
            input = .touchEnd(device: dev, touch: try o.touchID(), at: try o.point())
        case "swipe-begin":
            input = .swipeBegin(device: dev, fingers: try o.int("fingers"), at: try o.point())
        case "swipe-update":
            // Extension: `udx`, `udy`, the unaccelerated motion (both or neither).
            var raw: Point? = nil
            if let udx = try o.optionalNumber("udx") { raw = Point(x: udx, y: try o.number("udy")) }
            input = .swipeUpdate(device: dev, fingers: try o.int("fingers"),
                                 delta: Point(x: try o.number("dx"), y: try o.number("dy")), unaccelerated: raw)
        case "swipe-end":
            input = .swipeEnd(device: dev, fingers: try o.int("fingers"), cancelled: try o.bool("cancelled"))
        case "pinch-begin":
            input = .pinchBegin(device: dev, fingers: try o.int("fingers"), at: try o.point())
        case "pinch-update":
            input = .pinchUpdate(device: dev, fingers: try o.int("fingers"),
                                 delta: Point(x: try o.number("dx"), y: try o.number("dy")),
                                 scale: try o.number("scale"), angleDelta: try o.number("da"))
        case "pinch-end":
            input = .pinchEnd(device: dev, fingers: try o.int("fingers"), cancelled: try o.bool("cancelled"))
        default:
            throw o.error("ev", "unknown event '\(ev)'; expected touch-begin, touch-update, touch-end, swipe-begin, "
                + "swipe-update, swipe-end, pinch-begin, pinch-update, pinch-end, button-press, motion, button-release or window")
        }
        if ev.hasSuffix("-begin") || ev == "button-press" {
            // Extension: `mods`, the modifier keys held (absent: none): a
            // button press's pick a stroke's layer as a begin's do.
            var mods: Modifiers = []
            if let text = try o.optionalString("mods") {
                switch Modifiers.parse(text) {
                case .success(let m): mods = m
                case .failure(let e): throw o.error("mods", e.message)
                }
            }
            if mods != held {
                held = mods
                queued = TraceEvent(t: t, input: input)
                return TraceEvent(t: t, input: .modifiers(mods))
            }
        }
        return TraceEvent(t: t, input: input)
    }

    static let pointerEvents: Set<String> = ["button-press", "motion", "button-release"]
    static let touchEvents: Set<String> = ["touch-begin", "touch-update", "touch-end", "swipe-begin", "swipe-update",
                                           "swipe-end", "pinch-begin", "pinch-update", "pinch-end"]
}

/// Typed access to a JSON object's keys, with errors that name the key.
struct Fields {
    let members: [JSONMember]
    let file: String
    let line: Int

    func error(_ key: String, _ message: String) -> TraceError {
        TraceError(file: file, line: line, column: members.first { $0.key == key }?.column, key: key, message: message)
    }

    private func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }

    private func required(_ key: String) throws(TraceError) -> JSONValue {
        guard let m = member(key) else { throw error(key, "missing required key") }
        return m.value
    }

    private func wrongType(_ key: String, _ expected: String, _ got: JSONValue) -> TraceError {
        error(key, "expected \(expected), got \(got.typeName)")
    }

    func number(_ key: String) throws(TraceError) -> Double {
        let v = try required(key)
        guard case .number(let n) = v else { throw wrongType(key, "a number", v) }
        return n
    }

    func optionalNumber(_ key: String) throws(TraceError) -> Double? {
        guard member(key) != nil else { return nil }
        return try number(key)
    }

    func int(_ key: String) throws(TraceError) -> Int {
        let n = try number(key)
        guard n == n.rounded(), abs(n) < 1e15 else { throw error(key, "expected an integer, got \(n)") }
        return Int(n)
    }

    /// An XI2 device id (a fuzzer found that an unchecked one traps).
    func deviceID(_ key: String) throws(TraceError) -> DeviceID {
        let n = try int(key)
        guard n >= 0, n <= Int(Int32.max) else { throw error(key, "device id must be 0...\(Int32.max), got \(n)") }
        return DeviceID(n)
    }

    func touchID() throws(TraceError) -> TouchID {
        let n = try int("id")
        guard n >= 0, n <= Int(UInt32.max) else { throw error("id", "touch id must be 0...\(UInt32.max)") }
        return TouchID(n)
    }

    /// A pointer button, 1-9 (trace-format.md: X's buttons 1-3 and the
    /// wheel's 4-7, and two side buttons).
    func button() throws(TraceError) -> Int {
        let n = try int("button")
        guard (1...9).contains(n) else { throw error("button", "unknown button \(n); a pointer's buttons are 1-9") }
        return n
    }

    func has(_ key: String) -> Bool { member(key) != nil }

    func point() throws(TraceError) -> Point {
        Point(x: try number("x"), y: try number("y"))
    }

    func bool(_ key: String) throws(TraceError) -> Bool {
        let v = try required(key)
        guard case .bool(let b) = v else { throw wrongType(key, "true or false", v) }
        return b
    }

    func string(_ key: String) throws(TraceError) -> String {
        let v = try required(key)
        guard case .string(let s) = v else { throw wrongType(key, "a string", v) }
        return s
    }

    func optionalString(_ key: String) throws(TraceError) -> String? {
        guard let m = member(key) else { return nil }
        if case .null = m.value { return nil }
        return try string(key)
    }

    func object(_ key: String) throws(TraceError) -> Fields {
        let v = try required(key)
        guard case .object(let m) = v else { throw wrongType(key, "an object", v) }
        return Fields(members: m, file: file, line: line)
    }

    func array(_ key: String) throws(TraceError) -> [Element] {
        let v = try required(key)
        guard case .array(let items) = v else { throw wrongType(key, "an array", v) }
        return items.map { Element(value: $0, fields: self) }
    }

    func optionalArray(_ key: String) throws(TraceError) -> [Element]? {
        guard member(key) != nil else { return nil }
        return try array(key)
    }

    struct Element {
        let value: JSONValue
        let fields: Fields

        func asObject(key: String) throws(TraceError) -> Fields {
            guard case .object(let m) = value else {
                throw fields.error(key, "expected an array of objects, got \(value.typeName) in it")
            }
            return Fields(members: m, file: fields.file, line: fields.line)
        }
    }
}
