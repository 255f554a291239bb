#if canImport(Glibc)
import Glibc
#endif
import GestureCore
import GestureTraces
import GestureX11

/// A trace file being written (trace-format v1): the header once, then one
/// line per input, times from the first input. `gesture-bridge record` and
/// `run --record` write through it.
final class TraceRecording {
    private let file: UnsafeMutablePointer<FILE>
    /// Time 0 of the trace (nil: the first input's time, once written).
    private var start: Double?
    /// The modifiers held: written on the next begin line as `mods`.
    private var held: Modifiers = []
    private(set) var events = 0
    /// The last time written: a pointer record read in the same drain as a
    /// touch the engine judged later than its stamp comes no earlier.
    private var lastT = 0.0

    /// nil, with the reason in `error`, when the file cannot be written.
    /// `start`: time 0 of the trace, when the times given are not to count
    /// from the first input's (the daemon's engine time counts from there
    /// already: 0, so the record has exactly the engine's times).
    init?(path: String, start: Double? = nil, error: inout String) {
        self.start = start
        guard let f = fopen(path, "w") else {
            error = "cannot write \(path): \(String(cString: strerror(errno)))"
            return nil
        }
        file = f
    }

    deinit { fclose(file) }

    /// The header for what `listener` sees: the screen with its monitors
    /// (edges are per output); every slave pointer, so a device's events
    /// always name a header device, and touchscreens with their mapped
    /// output; the other pointers as mice or pens.
    static func header(of listener: XIListener) -> TraceHeader {
        let mapped = Dictionary(uniqueKeysWithValues: listener.engineDevices.map { ($0.id, $0) })
        // A pointer that is no touch device is a `mouse` or a `pen`: its
        // buttons' records (a stroke drawn with one held) need one of them.
        return TraceHeader(screen: listener.monitors.screen,
                           devices: listener.devices.map { d in
                               var device = mapped[d.id] ?? d.device
                               if device.kind == .other { device.kind = d.pointerKind }
                               return device
                           },
                           kindFrom: Dictionary(uniqueKeysWithValues: listener.devices.map { ($0.id, $0.kindReason) }))
    }

    func write(_ header: TraceHeader) {
        fputs(TraceWriter.header(header) + "\n", file)
        fflush(file)
    }

    /// One input at time `t` (seconds on the daemon's clock).
    func write(_ input: Input, at t: Double) {
        if start == nil { start = t }
        let e = TraceEvent(t: max(lastT, TraceEvent.microseconds(t - start!)), input: input)
        if case .modifiers(let m) = input { held = m }
        guard let line = TraceWriter.line(e, held: held) else { return }
        lastT = e.t
        fputs(line + "\n", file)
        events += 1
    }

    /// A pointer record (PointerStrokes keeps them while recording): a
    /// press's line says its own modifiers (`mods`), which the engine's
    /// inputs know nothing of; the next begin's line says the engine's again.
    func write(_ r: PointerRecord, at t: Double) {
        let own = held
        if case .buttonPress = r.input { held = r.modifiers }
        write(r.input, at: t)
        held = own
    }

    func flush() { fflush(file) }
}
