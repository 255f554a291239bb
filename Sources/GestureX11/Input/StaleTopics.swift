import GestureCore

/// What the listener's reads found stale (a new keymap, a device plugged or
/// unplugged, a monitor changed), what is being asked about, and the engine
/// time the answers' inputs carry. Pure: the listener asks X (ServerQuery)
/// and hands the answers' inputs over.
///
/// One refresh is asked at a time. What a read marks while one is under way
/// waits, and is asked once its answers are taken: a second hot-plug during
/// the first's query is never lost, and the last answer is the final state.
struct StaleTopics {
    /// Marked since the last ask.
    private(set) var marked: ServerQuery.Topics = []
    /// The engine time of the read that first marked them (nil: not stamped yet).
    private var markedAt: Double? = nil
    /// Being asked (empty: nothing), and the engine time its inputs carry.
    private(set) var asked: ServerQuery.Topics = []
    private(set) var askedAt = 0.0

    /// The read found `topics` stale.
    mutating func mark(_ topics: ServerQuery.Topics) { marked.formUnion(topics) }

    /// After the read: the engine's clock at it, for what it marked (a
    /// later read's marks of the same topics keep the first one's time).
    mutating func stamp(_ engineTime: Double) {
        if !marked.isEmpty && markedAt == nil { markedAt = engineTime }
    }

    /// What to ask now: everything marked, unless a refresh is under way.
    mutating func toAsk() -> ServerQuery.Topics {
        guard asked.isEmpty, !marked.isEmpty else { return [] }
        asked = marked
        askedAt = markedAt ?? 0
        marked = []
        markedAt = nil
        return asked
    }

    /// The refresh's answers are taken: the engine time their inputs carry.
    mutating func answered() -> Double {
        asked = []
        return askedAt
    }
}

/// What the engine sees of the devices and the screen. Pure.
enum DeviceView {
    /// Engine devices for the touch-capable ones, enabled; touchscreens with
    /// the output their matrix maps them onto.
    static func engineDevices(_ devices: [XDevice], matrices: [Int32: [Double]], screen: Screen) -> [Device] {
        devices.filter { $0.kind != .other && $0.enabled }.map { d in
            var dev = d.device
            if d.kind == .touchscreen { dev.output = Monitors.mappedOutput(matrix: matrices[d.id], screen: screen) }
            return dev
        }
    }

    /// The inputs for the engine's devices going from `before` to `after`:
    /// those gone, then those come, each by id.
    static func changes(from before: [Device], to after: [Device]) -> [Input] {
        let old = Set(before.map(\.id)), new = Set(after.map(\.id))
        return before.filter { !new.contains($0.id) }.sorted { $0.id < $1.id }.map { .deviceRemoved($0.id) }
            + after.filter { !old.contains($0.id) }.sorted { $0.id < $1.id }.map { .deviceAdded($0) }
    }

    /// The inputs for the screen going from `old` to `new`: the screen,
    /// then its touchscreens again (their mapped outputs may have changed
    /// with it); none when it is the same.
    static func changes(from old: Screen, to new: Screen, devices: [Device]) -> [Input] {
        guard new != old else { return [] }
        return [.screenChanged(new)] + devices.filter { $0.kind == .touchscreen }.map { .deviceAdded($0) }
    }
}
