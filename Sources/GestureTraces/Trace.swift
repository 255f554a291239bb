import GestureCore

/// trace-format.md v1: a header and the events the daemon saw from X.
public struct TraceHeader: Hashable, Sendable {
    public var screen: Screen
    public var devices: [Device]
    /// How each device's kind was decided, where known (`record` writes it as
    /// the device's `kind_from`, so a user's trace shows it).
    public var kindFrom: [DeviceID: String]

    public init(screen: Screen, devices: [Device], kindFrom: [DeviceID: String] = [:]) {
        self.screen = screen
        self.devices = devices
        self.kindFrom = kindFrom
    }
}

/// One event: its time (seconds since the trace start) and the engine input.
public struct TraceEvent: Hashable, Sendable {
    public var t: Double
    public var input: Input

    public init(t: Double, input: Input) {
        self.t = t
        self.input = input
    }

    /// A time as traces keep it: to the microsecond. What `run --record`
    /// writes, and the grid the daemon's engine time is on (EngineClock),
    /// so that `replay` reads back the very numbers the engine was given.
    public static func microseconds(_ t: Double) -> Double { (t * 1e6).rounded() / 1e6 }
}

public struct Trace: Hashable, Sendable {
    public var header: TraceHeader
    public var events: [TraceEvent]

    public init(header: TraceHeader, events: [TraceEvent]) {
        self.header = header
        self.events = events
    }
}

/// A trace that does not follow the format: names the line and the key.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int?
    public var key: String?
    public var message: String

    public var description: String {
        var s = file
        if line > 0 { s += ":\(line)" }
        if line > 0, let column { s += ":\(column)" }
        s += ": "
        if let key { s += "'\(key)': " }
        return s + message
    }
}
