import GestureCore

/// `replay` of a trace's pointer records (trace-format.md: `button-press`,
/// `motion` and `button-release` of a `mouse` or `pen`), decided as the
/// daemon decides them: each press by PointerStrokeMachine with the
/// bindings it can begin here (PointerStrokeBindings.candidates: its
/// button, the modifiers held, its device, the window's scopes), each path
/// drawn matched by PointerStrokeBindings.recognize, on the trace's clock.
/// What the daemon would ask of X (replay the press, take it, synthesize a
/// click, hand it over) is said (`PointerStrokeDecision`), never done; a
/// binding fired comes out as the daemon's GestureEvents. Escape is not in
/// traces: another button cancels.
public struct PointerStrokeReplay {
    private let bindings: PointerStrokeBindings
    private var machine = PointerStrokeMachine(minimumSize: PointerStrokeBindings.defaultMinimumSize)
    /// The bindings the press being decided can begin.
    private var candidates: [PointerStrokeBindings.Entry] = []
    private let devices: [DeviceID: Device]
    /// The window under the pointer: the trace's last `window` record.
    private var window = WindowContext.desktop
    /// The modifiers held: the last `mods` of a begin or button press.
    private var modifiers: Modifiers = []

    public init(table: GestureTable, header: TraceHeader) {
        bindings = PointerStrokeBindings(table: table, pxPerMM: header.screen.pxPerMM)
        machine.hold = bindings.hold   // `button-hold`, as the daemon's (PointerStrokes.apply)
        devices = Dictionary(header.devices.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// When the machine wants a tick: a pending press's hold.
    public var deadline: Seconds? { machine.deadline }

    /// One input at trace time `t`: what the pointer's machine decided,
    /// and the phases of a binding a drawn path fired.
    public mutating func feed(_ input: Input, at t: Seconds) -> [Effect] {
        var out = advance(to: t, inclusive: false)
        switch input {
        case .window(let w):
            window = w
        case .modifiers(let m):
            modifiers = m
        case .buttonPress(let d, let b, let p):
            if machine.state != .idle {
                let requests = machine.on(.otherButton(b, at: t))
                out += carryOut(requests, device: d, at: t)
                break
            }
            let press = PointerStrokeMachine.Press(button: b, device: Int(d), at: p, time: t, modifiers: 0, window: 0)
            let device = devices[d] ?? Device(id: d, name: "", kind: .mouse)
            candidates = bindings.candidates(button: b, modifiers: modifiers, device: device, window: window)
            let requests = machine.press(press, candidates: candidates)
            out += carryOut(requests, device: d, at: t, pressed: b)
        case .pointerMotion(let d, let p):
            let requests = machine.on(.motion(p, at: t))
            out += carryOut(requests, device: d, at: t)
        case .buttonRelease(let d, let b, let p):
            let requests = machine.on(.release(button: b, at: p, time: t))
            out += carryOut(requests, device: d, at: t)
        default:
            break
        }
        return out
    }

    /// The machine's hold, due by `t` (`inclusive`: at `t` too; an event
    /// at the very deadline comes first, as the daemon reads X's events
    /// before it ticks).
    public mutating func advance(to t: Seconds, inclusive: Bool = true) -> [Effect] {
        guard let d = machine.deadline, inclusive ? d <= t : d < t else { return [] }
        let device = DeviceID(pressDevice ?? 0)
        let requests = machine.on(.tick(d))
        return carryOut(requests, device: device, at: d)
    }

    private var pressDevice: Int? {
        switch machine.state {
        case .idle: return nil
        case .pending(let p, _, _), .drawing(let p, _), .passing(let p), .cancelled(let p): return p.device
        }
    }

    /// What the daemon's X side would carry out, as decisions; a path
    /// drawn, matched. `pressed`: the button of the press that made them.
    /// Called with the machine already moved on (its requests computed
    /// first: a method's `self` is read before its arguments).
    private func carryOut(_ requests: [PointerStrokeMachine.Request], device: DeviceID, at t: Seconds,
                          pressed: Int? = nil) -> [Effect] {
        var out: [Effect] = []
        func say(_ b: Int, _ k: PointerStrokeDecision.Kind) {
            out.append(.pointerStroke(PointerStrokeDecision(time: t, device: device, button: b, kind: k)))
        }
        for r in requests {
            switch r {
            case .replayPress:
                say(pressed ?? 0, .replayed)
            case .takePress:
                say(machine.heldButton ?? 0, .taken(candidates: candidates.count))
            case .synthesizeClick(let p):
                say(p.button, .click(minimumSize: machine.minimumSize))
            case .passThrough(let p, _):
                say(p.button, .handedOver(hold: machine.hold))
            case .cancel:
                say(machine.heldButton ?? 0, .cancelled)
            case .recognize(let p, let path):
                let outcome = bindings.recognize(path, candidates: candidates)
                say(p.button, .drawn(outcome, path: path))
                if let id = outcome.binding {
                    out += PointerStrokeBindings.events(binding: id, device: device, start: p.at, path: path, at: t)
                        .map(Effect.gesture)
                }
            case .trailStart, .trailPoint, .trailEnd, .synthesizeRelease:
                break
            }
        }
        return out
    }
}
