import GestureCore

/// Writes trace-format v1 lines: what `record` writes and `replay` reads.
public enum TraceWriter {
    public static func header(_ h: TraceHeader) -> String {
        var s = "{\"trace\": 1, \"screen\": {\"width\": \(num(h.screen.width)), \"height\": \(num(h.screen.height))"
        s += ", \"px_per_mm\": \(num(h.screen.pxPerMM))}"
        if !h.screen.outputs.isEmpty {
            s += ", \"outputs\": ["
            s += h.screen.outputs.map {
                "{\"name\": \(quote($0.name)), \"x\": \(num($0.x)), \"y\": \(num($0.y)), "
                    + "\"width\": \(num($0.width)), \"height\": \(num($0.height))}"
            }.joined(separator: ", ")
            s += "]"
        }
        s += ", \"devices\": ["
        s += h.devices.map { d in
            var o = "{\"id\": \(d.id), \"name\": \(quote(d.name)), \"kind\": \"\(d.kind.rawValue)\""
            if let out = d.output { o += ", \"output\": \(quote(out))" }
            if let mm = d.sizeMM { o += ", \"width_mm\": \(num(mm.width)), \"height_mm\": \(num(mm.height))" }
            if let usb = d.usb { o += ", \"usb\": \"\(usb)\"" }
            if let from = h.kindFrom[d.id] { o += ", \"kind_from\": \(quote(from))" }
            return o + "}"
        }.joined(separator: ", ")
        return s + "]}"
    }

    /// The line for an event, or nil for inputs traces do not hold
    /// (device and screen changes are in the header; the modifiers held go
    /// on the next begin's or button press's line, as `mods`: pass them as `held`).
    public static func line(_ e: TraceEvent, held: Modifiers = []) -> String? {
        let t = "{\"t\": \(num(e.t))"
        // Extension: `mods`, the modifier keys held at a begin (absent: none).
        let mods = held.isEmpty ? "" : ", \"mods\": \(quote(held.description))"
        switch e.input {
        case .touchBegin(let d, let id, let p): return t + mods + touch(d, "touch-begin", id, p)
        case .touchUpdate(let d, let id, let p): return t + touch(d, "touch-update", id, p)
        case .touchEnd(let d, let id, let p): return t + touch(d, "touch-end", id, p)
        case .swipeBegin(let d, let f, let p):
            return t + mods + ", \"dev\": \(d), \"ev\": \"swipe-begin\", \"fingers\": \(f), \"x\": \(num(p.x)), \"y\": \(num(p.y))}"
        case .swipeUpdate(let d, let f, let v, let u):
            let raw = u.map { ", \"udx\": \(num($0.x)), \"udy\": \(num($0.y))" } ?? ""
            return t + ", \"dev\": \(d), \"ev\": \"swipe-update\", \"fingers\": \(f), \"dx\": \(num(v.x)), \"dy\": \(num(v.y))\(raw)}"
        case .swipeEnd(let d, let f, let c):
            return t + ", \"dev\": \(d), \"ev\": \"swipe-end\", \"fingers\": \(f), \"cancelled\": \(c)}"
        case .pinchBegin(let d, let f, let p):
            return t + mods + ", \"dev\": \(d), \"ev\": \"pinch-begin\", \"fingers\": \(f), \"x\": \(num(p.x)), \"y\": \(num(p.y))}"
        case .pinchUpdate(let d, let f, let v, let scale, let da):
            return t + ", \"dev\": \(d), \"ev\": \"pinch-update\", \"fingers\": \(f), \"dx\": \(num(v.x)), "
                + "\"dy\": \(num(v.y)), \"scale\": \(num(scale)), \"da\": \(num(da))}"
        case .pinchEnd(let d, let f, let c):
            return t + ", \"dev\": \(d), \"ev\": \"pinch-end\", \"fingers\": \(f), \"cancelled\": \(c)}"
        case .window(let w):
            var s = t + ", \"ev\": \"window\", \"class\": \(quote(w.windowClass)), \"instance\": \(quote(w.instance))"
            if let title = w.title { s += ", \"title\": \(quote(title))" }
            return s + "}"
        // A pointer's records (trace-format.md: a `mouse` or `pen` device).
        case .buttonPress(let d, let b, let p):
            return t + mods + ", \"dev\": \(d), \"ev\": \"button-press\", \"button\": \(b), \"x\": \(num(p.x)), \"y\": \(num(p.y))}"
        case .pointerMotion(let d, let p):
            return t + ", \"dev\": \(d), \"ev\": \"motion\", \"x\": \(num(p.x)), \"y\": \(num(p.y))}"
        case .buttonRelease(let d, let b, let p):
            return t + ", \"dev\": \(d), \"ev\": \"button-release\", \"button\": \(b), \"x\": \(num(p.x)), \"y\": \(num(p.y))}"
        case .deviceAdded, .deviceRemoved, .screenChanged, .modifiers:
            return nil
        }
    }

    public static func write(_ trace: Trace) -> String {
        var s = header(trace.header) + "\n"
        var held: Modifiers = []
        for e in trace.events {
            if case .modifiers(let m) = e.input { held = m }
            if let l = line(e, held: held) { s += l + "\n" }
        }
        return s
    }

    private static func touch(_ d: DeviceID, _ ev: String, _ id: TouchID, _ p: Point) -> String {
        ", \"dev\": \(d), \"ev\": \"\(ev)\", \"id\": \(id), \"x\": \(num(p.x)), \"y\": \(num(p.y))}"
    }

    /// Shortest text that reads back to the same Double; integers without ".0".
    public static func num(_ v: Double) -> String { Literals.number(v) }

    public static func quote(_ s: String) -> String { Literals.quote(s) }
}
