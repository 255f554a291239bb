import GestureCore
import GestureSystem

/// `replay --svg`: a picture of a trace, so a user sees why a gesture did or
/// did not fire. Above, the screen and its outputs with each finger's path,
/// coloured by the binding that claimed its touches (grey and dashed: handed
/// to applications); touchpad gestures are drawn from their deltas. Below, a
/// timeline: a row per binding with its phases, and a row of the arena's
/// decisions (touches claimed or released, bindings winning or conceding).
/// Every mark carries the `replay --explain` line as its tooltip.
public struct TraceSVG {
    public static let width = 960.0
    static let margin = 30.0
    public static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#e377c2", "#8c564b"]
    public static let released = "#9a9a9a"

    let trace: Trace
    let effects: [Effect]
    let printer: ReplayPrinter

    /// `effects`: the replay of `trace` with `explain` on (arena notes
    /// included); `printer`: one with `explain` on, for the tooltips.
    public init(trace: Trace, effects: [Effect], printer: ReplayPrinter) {
        self.trace = trace
        self.effects = effects
        self.printer = printer
    }

    public func render() -> String {
        let screen = trace.header.screen
        let scale = (Self.width - 2 * Self.margin) / max(screen.width, 1)
        let screenHeight = screen.height * scale
        let rows = boundBindings
        let timelineTop = Self.margin + screenHeight + 40
        let rowHeight = 22.0
        let height = timelineTop + Double(rows.count + 1) * rowHeight + 80
        var svg = SVGText()
        svg.open("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": n(Self.width), "height": n(height),
                         "viewBox": "0 0 \(n(Self.width)) \(n(height))", "font-family": "sans-serif", "font-size": "11"])
        svg.element("rect", ["width": "100%", "height": "100%", "fill": "white"])

        // The screen and its outputs.
        let x0 = Self.margin, y0 = Self.margin
        func at(_ p: Point) -> (String, String) { (n(x0 + p.x * scale), n(y0 + p.y * scale)) }
        svg.element("rect", ["x": n(x0), "y": n(y0), "width": n(screen.width * scale), "height": n(screenHeight),
                             "fill": "#f7f7f7", "stroke": "#333"])
        for o in screen.outputs {
            svg.element("rect", ["x": n(x0 + o.x * scale), "y": n(y0 + o.y * scale), "width": n(o.width * scale),
                                 "height": n(o.height * scale), "fill": "none", "stroke": "#777",
                                 "stroke-dasharray": "6 3"])
            svg.text(o.name, ["x": n(x0 + o.x * scale + 4), "y": n(y0 + o.y * scale + 13), "fill": "#777"])
        }
        svg.text("\(n(screen.width))×\(n(screen.height)) px", ["x": n(x0), "y": n(y0 - 8), "fill": "#333"])

        // Finger paths.
        for path in paths {
            let colour = path.binding.map(colour) ?? Self.released
            let points = path.points.map { at($0) }.map { "\($0.0),\($0.1)" }.joined(separator: " ")
            var attributes = ["points": points, "fill": "none", "stroke": colour, "stroke-width": "2.5",
                              "stroke-linejoin": "round", "stroke-linecap": "round"]
            if path.binding == nil { attributes["stroke-dasharray"] = "5 4" }
            svg.open("polyline", attributes)
            svg.title(path.label)
            svg.close("polyline")
            if let first = path.points.first {
                let (cx, cy) = at(first)
                svg.element("circle", ["cx": cx, "cy": cy, "r": "4", "fill": colour])
            }
            if let last = path.points.last {
                let (cx, cy) = at(last)
                svg.element("circle", ["cx": cx, "cy": cy, "r": "3", "fill": "white", "stroke": colour, "stroke-width": "2"])
            }
        }

        // Timeline.
        let end = max(trace.events.last?.t ?? 0, effects.map(effectTime).max() ?? 0, 0.001)
        let labelWidth = 150.0
        let t0 = Self.margin + labelWidth, tWidth = Self.width - t0 - Self.margin
        func tx(_ t: Seconds) -> Double { t0 + t / end * tWidth }
        let axisY = timelineTop + Double(rows.count + 1) * rowHeight
        svg.element("line", ["x1": n(t0), "y1": n(axisY), "x2": n(t0 + tWidth), "y2": n(axisY), "stroke": "#333"])
        for k in 0...4 {
            let t = end * Double(k) / 4
            svg.text(ReplayPrinter.fixed(t) + " s", ["x": n(tx(t)), "y": n(axisY + 14), "text-anchor": "middle", "fill": "#333"])
        }
        for (row, binding) in rows.enumerated() {
            let y = timelineTop + Double(row) * rowHeight
            svg.text(name(binding), ["x": n(Self.margin), "y": n(y + 4), "fill": colour(binding)])
            svg.element("line", ["x1": n(t0), "y1": n(y), "x2": n(t0 + tWidth), "y2": n(y), "stroke": "#eee"])
        }
        let arenaY = timelineTop + Double(rows.count) * rowHeight
        svg.text("arena", ["x": n(Self.margin), "y": n(arenaY + 4), "fill": "#333"])
        for e in effects {
            let tooltip = printer.lines(e).map(\.text).joined(separator: "\n")
            switch e {
            case .gesture(let g):
                guard let row = rows.firstIndex(of: g.binding) else { continue }
                mark(&svg, phase: g.phase, x: tx(g.time), y: timelineTop + Double(row) * rowHeight, colour: colour(g.binding),
                     tooltip: tooltip.isEmpty ? "\(ReplayPrinter.fixed(g.time))  \(name(g.binding)) \(g.phase.rawValue)" : tooltip)
            case .touch(let d):
                let c = d.decision == .claimed ? (claimant(d).map(colour) ?? "#333") : Self.released
                svg.open("rect", ["x": n(tx(d.time) - 3), "y": n(arenaY - 7), "width": "6", "height": "6",
                                  "fill": d.decision == .claimed ? c : "white", "stroke": c])
                svg.title(tooltip)
                svg.close("rect")
            case .arena(let a) where a.kind != .joined:
                svg.open("path", ["d": "M \(n(tx(a.time))) \(n(arenaY + 1)) l -4 7 h 8 z",
                                  "fill": a.kind == .won ? colour(a.binding) : "white", "stroke": colour(a.binding)])
                svg.title(tooltip)
                svg.close("path")
            default:
                continue
            }
        }
        // Legend.
        let legendY = axisY + 34
        for (k, line) in ["phases: filled dot began · square ended · cross cancelled · diamond step · tick changed or repeat",
                          "arena: squares are touches (filled: claimed) · triangles are bindings winning (filled) or conceding",
                          "paths: coloured by the binding that claimed the touches; dashed grey went to applications"]
            .enumerated() {
            svg.text(line, ["x": n(Self.margin), "y": n(legendY + Double(k) * 13), "fill": "#555", "font-size": "10"])
        }
        svg.close("svg")
        return svg.text
    }

    // MARK: What to draw

    struct Path {
        var points: [Point]
        var binding: BindingID?
        var label: String
    }

    /// One path per touch (touchscreens) or per touchpad gesture (drawn from
    /// where it began, following its deltas).
    var paths: [Path] {
        struct Key: Hashable { var device: DeviceID; var touch: TouchID }
        var open: [Key: Int] = [:]
        var out: [Path] = []
        var claims: [Key: BindingID] = [:]
        var released: Set<Key> = []
        for e in effects {
            guard case .touch(let d) = e else { continue }
            let key = Key(device: d.device, touch: d.touch)
            if d.decision == .claimed, let b = claimant(d) { claims[key] = b } else { released.insert(key) }
        }
        var pad: [DeviceID: (path: Int, began: Seconds)] = [:]
        for e in trace.events {
            switch e.input {
            case .touchBegin(let dev, let touch, let p):
                let key = Key(device: dev, touch: touch)
                open[key] = out.count
                out.append(Path(points: [p], binding: claims[key], label: ""))
            case .touchUpdate(let dev, let touch, let p), .touchEnd(let dev, let touch, let p):
                let key = Key(device: dev, touch: touch)
                guard let i = open[key] else { continue }
                out[i].points.append(p)
                if case .touchEnd = e.input {
                    let who = claims[key].map { "claimed by \(name($0))" }
                        ?? (released.contains(key) ? "released to applications" : "undecided")
                    out[i].label = "device \(dev), touch \(touch): \(who)"
                    open[key] = nil
                }
            case .swipeBegin(let dev, let fingers, let p), .pinchBegin(let dev, let fingers, let p):
                pad[dev] = (out.count, e.t)
                out.append(Path(points: [p], binding: nil, label: "device \(dev): touchpad gesture, \(fingers) fingers"))
            case .swipeUpdate(let dev, _, let delta, _), .pinchUpdate(let dev, _, let delta, _, _):
                guard let i = pad[dev]?.path, let last = out[i].points.last else { continue }
                out[i].points.append(last + delta)
            case .swipeEnd(let dev, _, _), .pinchEnd(let dev, _, _):
                guard let (i, began) = pad[dev] else { continue }
                // A touchpad gesture has no touches to claim: it belongs to the binding that began during it.
                out[i].binding = bindingBegun(on: dev, between: began, and: e.t)
                pad[dev] = nil
            default:
                continue
            }
        }
        return out
    }

    private func bindingBegun(on dev: DeviceID, between a: Seconds, and b: Seconds) -> BindingID? {
        for e in effects {
            if case .gesture(let g) = e, g.device == dev, g.phase == .began, g.time >= a, g.time <= b + 0.001 {
                return g.binding
            }
        }
        return nil
    }

    /// The bindings that published anything, in BindingID order.
    var boundBindings: [BindingID] {
        var seen = Set<BindingID>()
        for e in effects { if case .gesture(let g) = e { seen.insert(g.binding) } }
        return seen.sorted()
    }

    private func claimant(_ d: TouchDecisionEvent) -> BindingID? {
        if case .wonBy(let b) = d.reason { return b }
        return nil
    }

    private func effectTime(_ e: Effect) -> Seconds {
        switch e {
        case .gesture(let g): return g.time
        case .touch(let t): return t.time
        case .arena(let a): return a.time
        case .rejected(_, let t): return t
        case .pointerStroke(let p): return p.time
        }
    }

    private func name(_ b: BindingID) -> String { printer.bindingName(b) }
    private func colour(_ b: BindingID) -> String { Self.palette[b % Self.palette.count] }

    private func mark(_ svg: inout SVGText, phase: GesturePhase, x cx: Double, y cy: Double, colour: String, tooltip: String) {
        let x = n(cx), y = n(cy)
        let shape: (String, [String: String])
        switch phase {
        case .began: shape = ("circle", ["cx": x, "cy": y, "r": "5", "fill": colour])
        case .ended: shape = ("rect", ["x": n(cx - 4.5), "y": n(cy - 4.5), "width": "9", "height": "9", "fill": colour])
        case .cancelled:
            shape = ("path", ["d": "M \(n(cx - 5)) \(n(cy - 5)) l 10 10 m 0 -10 l -10 10", "stroke": colour,
                              "stroke-width": "2.5"])
        case .step:
            shape = ("path", ["d": "M \(x) \(n(cy - 5)) l 5 5 l -5 5 l -5 -5 z", "fill": "white", "stroke": colour,
                              "stroke-width": "1.5"])
        case .changed, .repeat:
            shape = ("line", ["x1": x, "y1": n(cy - 3), "x2": x, "y2": n(cy + 3), "stroke": colour, "stroke-width": "1"])
        }
        svg.open(shape.0, shape.1)
        svg.title(tooltip)
        svg.close(shape.0)
    }

    /// Numbers as SVG wants them: plain, at most two decimals.
    private func n(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}

/// A minimal XML writer: attributes sorted (stable output), text escaped.
struct SVGText {
    private(set) var text = ""

    mutating func open(_ name: String, _ attributes: [String: String]) {
        text += "<" + name + Self.attributes(attributes) + ">"
    }

    mutating func close(_ name: String) { text += "</" + name + ">\n" }

    mutating func element(_ name: String, _ attributes: [String: String]) {
        text += "<" + name + Self.attributes(attributes) + "/>\n"
    }

    mutating func text(_ s: String, _ attributes: [String: String]) {
        text += "<text" + Self.attributes(attributes) + ">" + s.xmlEscaped + "</text>\n"
    }

    mutating func title(_ s: String) { text += "<title>" + s.xmlEscaped + "</title>" }

    static func attributes(_ a: [String: String]) -> String {
        a.keys.sorted().map { " \($0)=\"\(a[$0]!.xmlEscaped)\"" }.joined()
    }
}
