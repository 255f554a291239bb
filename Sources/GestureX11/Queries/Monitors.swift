import CX11
import GestureCore

/// The screen as the engine sees it: the root's size, px per mm, and its
/// monitors from RandR 1.5 (RRGetMonitors: the active outputs, or the
/// monitors a user set with `xrandr --setmonitor`). Edge gestures count per
/// monitor, so the edge between two monitors is an edge of each; a
/// touchscreen mapped to one output (its coordinate transformation) lands
/// its touches inside that output, so its edges are that output's.
public final class Monitors {
    let connection: XConnection
    /// RandR's first event number, if the server has RandR 1.5.
    public let eventBase: Int32?

    public init(connection c: XConnection) {
        connection = c
        var base: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        if XRRQueryExtension(c.display, &base, &error) != 0, XRRQueryVersion(c.display, &major, &minor) != 0,
           major > 1 || (major == 1 && minor >= 5) {
            eventBase = base
            // The screen's size changing comes as RRScreenChangeNotify; a
            // monitor set or removed (xrandr --setmonitor, or the server after
            // an output change) only as a ConfigureNotify on the root: the
            // listener selects StructureNotify with the rest of its root
            // selection (a selection of its own here would replace that one,
            // for every Monitors made on the connection).
            XRRSelectInput(c.display, c.root, Int32(RRScreenChangeNotifyMask))
        } else {
            eventBase = nil
        }
    }

    /// The screen now (its monitors asked, waiting for the answer: tools,
    /// the start; the listener asks and reads on).
    public var screen: GestureCore.Screen { screen(outputs: outputs) }

    /// The screen with these monitors: its size as Xlib last heard it
    /// (RandR's events update it: `changed`), asking nothing.
    func screen(outputs: [Output]) -> GestureCore.Screen {
        let size = connection.screenSize
        let pxPerMM = size.widthMM > 0 ? Double(size.width) / Double(size.widthMM) : 3.78
        return GestureCore.Screen(width: Double(size.width), height: Double(size.height), pxPerMM: pxPerMM, outputs: outputs)
    }

    /// The active monitors, in root pixels; empty without RandR 1.5 (one
    /// output covering the screen). Waits for X's answers.
    public var outputs: [Output] {
        guard eventBase != nil else { return [] }
        let q = ServerQuery(connection: connection, randr: true)
        q.ask(.monitors, devices: [])
        return q.finish()?.outputs ?? []
    }

    /// One monitor of an RRGetMonitors reply, its name an atom.
    struct Raw: Hashable {
        var name: Atom
        var x, y, width, height: Double
    }

    /// An RRGetMonitors reply's monitors, by libxcb's iterator (each
    /// monitor's size from its outputs' count), once the reply is known to
    /// hold them all.
    static func raw(_ reply: XReply) throws(ShortReply) -> [Raw] {
        let r = reply.typed(xcb_randr_get_monitors_reply_t.self)
        try reply.holds(Int(xcb_randr_get_monitors_sizeof(r)))
        var out: [Raw] = []
        var i = xcb_randr_get_monitors_monitors_iterator(r)
        while i.rem > 0 {
            let m = i.data.pointee
            out.append(Raw(name: Atom(m.name), x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height)))
            xcb_randr_monitor_info_next(&i)
        }
        return out
    }

    /// Whether `event` may mean the screen or its monitors changed (and lets
    /// Xlib update its idea of the screen size); the caller compares.
    public func changed(_ event: inout XEvent) -> Bool {
        guard let base = eventBase else { return false }
        let type = cx_event_type(&event)
        guard type == base + RRScreenChangeNotify || (type == ConfigureNotify && event.xconfigure.window == connection.root)
        else { return false }
        XRRUpdateConfiguration(&event)
        return true
    }

    /// The output a touchscreen is mapped to (`xinput map-to-output`): its
    /// Coordinate Transformation Matrix maps the device onto a rectangle of
    /// the screen; the output with that rectangle (within 2 px). Nil when it
    /// covers the whole screen, or no output matches. Asks nothing.
    static func mappedOutput(matrix: [Double]?, screen: GestureCore.Screen) -> String? {
        guard let m = matrix, let rect = mapped(m, width: screen.width, height: screen.height) else { return nil }
        return screen.outputs.first { o in
            abs(o.x - rect.x) <= 2 && abs(o.y - rect.y) <= 2 && abs(o.width - rect.width) <= 2 && abs(o.height - rect.height) <= 2
        }?.name
    }

    /// The output a touchscreen is mapped to, its matrix asked and waited
    /// for (tools, tests).
    public func mappedOutput(device: Int32, outputs: [Output]) -> String? {
        let q = ServerQuery(connection: connection, randr: eventBase != nil)
        q.ask(.monitors, devices: [device])
        return Self.mappedOutput(matrix: q.finish()?.matrices?[device], screen: screen(outputs: outputs))
    }

    /// The rectangle of the screen a device's axes map onto (its Coordinate
    /// Transformation Matrix), in root pixels: the whole screen without one.
    static func area(matrix: [Double]?, screen: GestureCore.Screen) -> (x: Double, y: Double, width: Double, height: Double) {
        matrix.flatMap { mapped($0, width: screen.width, height: screen.height) } ?? (0, 0, screen.width, screen.height)
    }

    /// A Coordinate Transformation Matrix property's items, row-major.
    static func matrix(_ items: RefreshMachine.PropertyItems) -> [Double]? {
        guard items.format == 32, items.values.count == 9 else { return nil }
        // XIGetProperty keeps 32-bit items 32 bits wide (XGetWindowProperty
        // widens them to longs; this does not); FLOAT items are a Float's bits.
        return items.values.map { Double(Float(bitPattern: $0)) }
    }

    /// The screen rectangle (pixels) a matrix maps the device's unit square
    /// onto; nil for the whole screen (no mapping).
    static func mapped(_ m: [Double], width: Double, height: Double) -> (x: Double, y: Double, width: Double, height: Double)? {
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map { (u, v) in
            (m[0] * u + m[1] * v + m[2], m[3] * u + m[4] * v + m[5])
        }
        let x0 = corners.map(\.0).min()!, x1 = corners.map(\.0).max()!
        let y0 = corners.map(\.1).min()!, y1 = corners.map(\.1).max()!
        if abs(x0) < 1e-3 && abs(y0) < 1e-3 && abs(x1 - 1) < 1e-3 && abs(y1 - 1) < 1e-3 { return nil }
        return (x0 * width, y0 * height, (x1 - x0) * width, (y1 - y0) * height)
    }
}
