import GestureCore
import GestureTraces

/// A touchscreen recorded with `evemu-record` (a `.desc` and an `.events`
/// file), read into the engine's inputs without X or libinput, converted as
/// Tests/Traces/real/README.md says: each `SYN_REPORT` is one frame at its
/// recorded time; a slot's new tracking id is a touch-begin, its position
/// changing in the frame a touch-update, tracking id -1 a touch-end;
/// `ABS_MT_POSITION_X/Y` are scaled from the device's axis range onto a
/// 1920 × 1080 screen (or another: the E2E VM's is 1024 × 768). Times count from the recording's first event, as the
/// real-hands labels' do. Multi-touch protocol B (slots) only: every
/// touchscreen of `../shared/real-hands` is. Touchpads need libinput's
/// gesture detection and are not read here.
public struct EvemuRecording: Sendable {
    /// The device's name (`N:`), its X and Y axis ranges (`A: 35`, `A: 36`).
    public var name: String
    public var xRange: ClosedRange<Double>
    public var yRange: ClosedRange<Double>
    public var trace: Trace
    /// Every touch sequence, from a first finger down to the last up, in order.
    public var sequences: [TouchSequence]

    public struct TouchSequence: Hashable, Sendable {
        public var start: Seconds
        public var end: Seconds
        public var maxFingers: Int
    }

    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static let screen = Screen(width: 1920, height: 1080, pxPerMM: 3.78)
    /// The E2E VM's screen (Xorg's dummy driver), where the recordings play live.
    public static let vmScreen = Screen(width: 1024, height: 768, pxPerMM: 3.7925925925925927)
    public static let deviceID: DeviceID = 11

    /// `desc`: the device description's text; `events`: the recording's.
    public init(desc: String, events: String, screen: Screen = EvemuRecording.screen) throws(ReadError) {
        var name = "evemu touchscreen"
        var ranges: [Int: ClosedRange<Double>] = [:]
        var resolutions: [Int: Double] = [:]
        for (n, line) in desc.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("N: ") { name = String(line.dropFirst(3)) }
            guard line.hasPrefix("A: ") else { continue }
            let f = line.dropFirst(3).split(separator: " ")
            guard f.count >= 3, let code = Int(f[0], radix: 16), let lo = Double(f[1]), let hi = Double(f[2]), hi > lo
            else { throw ReadError(line: n + 1, message: "an axis line that is not `A: code min max …`") }
            ranges[code] = lo...hi
            // `A: code min max fuzz flat resolution` (units per mm; older
            // evemu writes no resolution).
            if f.count >= 6, let res = Double(f[5]), res > 0 { resolutions[code] = res }
        }
        guard let x = ranges[Self.positionX], let y = ranges[Self.positionY] else {
            throw ReadError(line: 1, message: "no ABS_MT_POSITION_X and _Y axes: not a multi-touch device")
        }
        self.name = name
        xRange = x
        yRange = y
        // Its surface's size where its axes declare their resolution, as X
        // reports it (udev's ID_INPUT_WIDTH_MM, from the same axes): the
        // engine then judges its mm at its own density.
        var size: Size? = nil
        if let rx = resolutions[Self.positionX], let ry = resolutions[Self.positionY] {
            size = Size(width: (x.upperBound - x.lowerBound) / rx, height: (y.upperBound - y.lowerBound) / ry)
        }
        let device = Device(id: Self.deviceID, name: name, kind: .touchscreen, sizeMM: size)
        var reader = FrameReader(x: x, y: y, screen: screen)
        for (n, line) in events.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.hasPrefix("E: ") {
            let f = line.dropFirst(3).split(separator: " ")
            guard f.count >= 4, let t = Double(f[0]), let type = Int(f[1], radix: 16), let code = Int(f[2], radix: 16),
                  let value = Int(f[3])
            else { throw ReadError(line: n + 1, message: "an event line that is not `E: time type code value`") }
            reader.event(t: t, type: type, code: code, value: value)
        }
        trace = Trace(header: TraceHeader(screen: screen, devices: [device]), events: reader.out)
        sequences = reader.sequences
    }

    // evdev codes (linux/input-event-codes.h).
    static let synReport = 0, evSyn = 0, evAbs = 3
    static let slot = 0x2f, positionX = 0x35, positionY = 0x36, trackingID = 0x39
}

/// Slots as the kernel keeps them, turned into touch inputs at each `SYN_REPORT`.
private struct FrameReader {
    struct Slot {
        var tracking = -1
        var x = 0.0, y = 0.0
        /// The touch X would give it, while it is down.
        var touch: TouchID? = nil
        /// Where X last put it: an update only when that changes.
        var sent = Point.zero
        var began = false, moved = false, ended = false
    }

    let x: ClosedRange<Double>, y: ClosedRange<Double>
    let screen: Screen
    var slots: [Int: Slot] = [:]
    var current = 0
    var nextTouch: TouchID = 1
    var first: Double? = nil
    var out: [TraceEvent] = []
    var sequences: [EvemuRecording.TouchSequence] = []
    var down = 0

    init(x: ClosedRange<Double>, y: ClosedRange<Double>, screen: Screen) {
        self.x = x
        self.y = y
        self.screen = screen
    }

    mutating func event(t: Double, type: Int, code: Int, value: Int) {
        let start = first ?? t
        first = start
        switch (type, code) {
        case (EvemuRecording.evAbs, EvemuRecording.slot): current = value
        case (EvemuRecording.evAbs, EvemuRecording.trackingID):
            var s = slots[current] ?? Slot()
            if value < 0 {
                if s.tracking >= 0 { s.ended = true }
            } else {
                // A new id over a live one: the old touch ends, a new begins.
                if s.tracking >= 0 && s.tracking != value { s.ended = true }
                if s.tracking != value { s.began = true }
            }
            s.tracking = value
            slots[current] = s
        case (EvemuRecording.evAbs, EvemuRecording.positionX):
            slots[current, default: Slot()].x = Double(value)
            slots[current]!.moved = true
        case (EvemuRecording.evAbs, EvemuRecording.positionY):
            slots[current, default: Slot()].y = Double(value)
            slots[current]!.moved = true
        case (EvemuRecording.evSyn, EvemuRecording.synReport): frame(at: t - start)
        default: break
        }
    }

    func point(_ s: Slot) -> Point {
        Point(x: (s.x - x.lowerBound) / (x.upperBound - x.lowerBound) * screen.width,
              y: (s.y - y.lowerBound) / (y.upperBound - y.lowerBound) * screen.height)
    }

    /// One frame: per slot in order, its end, begin or update.
    mutating func frame(at t: Seconds) {
        let d = EvemuRecording.deviceID
        let time = TraceEvent.microseconds(t)
        for k in slots.keys.sorted() {
            var s = slots[k]!
            if s.ended, let id = s.touch {
                out.append(TraceEvent(t: time, input: .touchEnd(device: d, touch: id, at: point(s))))
                s.touch = nil
                down -= 1
                if down == 0, !sequences.isEmpty { sequences[sequences.count - 1].end = time }
            }
            if s.began && s.tracking >= 0 {
                let id = nextTouch
                nextTouch += 1
                s.touch = id
                if down == 0 { sequences.append(.init(start: time, end: time, maxFingers: 0)) }
                down += 1
                sequences[sequences.count - 1].maxFingers = max(sequences[sequences.count - 1].maxFingers, down)
                s.sent = point(s)
                out.append(TraceEvent(t: time, input: .touchBegin(device: d, touch: id, at: s.sent)))
            } else if s.moved, let id = s.touch, point(s) != s.sent {
                s.sent = point(s)
                out.append(TraceEvent(t: time, input: .touchUpdate(device: d, touch: id, at: s.sent)))
            }
            s.began = false
            s.moved = false
            s.ended = false
            slots[k] = s
        }
    }
}
