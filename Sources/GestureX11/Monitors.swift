import CX11
import GestureCore

/// The screen as the engine sees it: the root's size, px per mm, and its
/// monitors from RandR 1.5 (`XRRGetMonitors`: the active outputs, or the
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
            // an output change) only as a ConfigureNotify on the root.
            XRRSelectInput(c.display, c.root, Int32(RRScreenChangeNotifyMask))
            XSelectInput(c.display, c.root, StructureNotifyMask)
        } else {
            eventBase = nil
        }
    }

    /// The screen now.
    public var screen: GestureCore.Screen {
        let size = connection.screenSize
        let pxPerMM = size.widthMM > 0 ? Double(size.width) / Double(size.widthMM) : 3.78
        return GestureCore.Screen(width: Double(size.width), height: Double(size.height), pxPerMM: pxPerMM, outputs: outputs)
    }

    /// The active monitors, in root pixels; empty without RandR 1.5 (one
    /// output covering the screen).
    public var outputs: [Output] {
        guard eventBase != nil else { return [] }
        var n: Int32 = 0
        guard let list = XRRGetMonitors(connection.display, connection.root, 1, &n) else { return [] }
        defer { XRRFreeMonitors(list) }
        return (0..<Int(n)).map { i in
            let m = list[i]
            var name = "monitor-\(i)"
            if let p = XGetAtomName(connection.display, m.name) {
                name = String(cString: p)
                XFree(p)
            }
            return Output(name: name, x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height))
        }
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
    /// covers the whole screen, or no output matches.
    public func mappedOutput(device: Int32, outputs: [Output]) -> String? {
        guard let rect = mappedRect(device: device) else { return nil }
        return outputs.first { o in
            abs(o.x - rect.x) <= 2 && abs(o.y - rect.y) <= 2 && abs(o.width - rect.width) <= 2 && abs(o.height - rect.height) <= 2
        }?.name
    }

    /// The rectangle of the screen a device's axes map onto (its Coordinate
    /// Transformation Matrix), in root pixels: the whole screen without one.
    public func area(device: Int32) -> (x: Double, y: Double, width: Double, height: Double) {
        let size = connection.screenSize
        return mappedRect(device: device) ?? (0, 0, Double(size.width), Double(size.height))
    }

    /// The part of the screen the device's matrix maps it onto; nil without
    /// a matrix, or when it maps onto the whole screen.
    private func mappedRect(device: Int32) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let m = matrix(device: device) else { return nil }
        let size = connection.screenSize
        return Self.mapped(m, width: Double(size.width), height: Double(size.height))
    }

    /// The device's Coordinate Transformation Matrix, row-major, if it has one.
    func matrix(device: Int32) -> [Double]? {
        var type: Atom = 0, format: Int32 = 0, n: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>? = nil
        let property = connection.atom("Coordinate Transformation Matrix")
        guard XIGetProperty(connection.display, device, property, 0, 9, 0, Atom(AnyPropertyType), &type, &format, &n, &after,
                            &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 32, n == 9 else { return nil }
        // XIGetProperty keeps 32-bit items 32 bits wide (XGetWindowProperty
        // widens them to longs; this does not); FLOAT items are a Float's bits.
        return data.withMemoryRebound(to: UInt32.self, capacity: 9) { p in
            (0..<9).map { Double(Float(bitPattern: p[$0])) }
        }
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
