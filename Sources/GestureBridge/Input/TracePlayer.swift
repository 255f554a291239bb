import GestureCore
import GestureTraces
import GestureX11
import GestureClient

/// `run --play FILE`: a recorded trace fed through the live daemon instead of
/// XI2 touches (real actions, real X), read one event ahead so a long trace
/// is not held in memory. Trace time counts from when playing began; with a
/// speed above 1, engine time runs that much faster than the wall clock.
final class TracePlayer: InputSource {
    let path: String
    let speed: Double
    private let stream: TraceStream
    private let log: Logger
    private var playing = true
    /// The X connection of the session (it still delivers keyboard-mapping
    /// changes), and when playing began: at each connection.
    private var connection: XConnection? = nil
    private var news = InputNews()
    private var start: Double = 0

    /// Checks the whole file first, so that a bad line is reported before
    /// anything plays; then reads it as it plays.
    static func check(path: String) throws {
        try TraceFile.forEachEvent(path: path) { _, _ in }
    }

    init(path: String, speed: Double, log: Logger) throws {
        self.path = path
        self.speed = speed
        self.log = log
        try Self.check(path: path)
        stream = try TraceStream(path: path)
    }

    /// A session began: trace time 0 is now.
    func attach(_ connection: XConnection, at start: Double) {
        self.connection = connection
        self.start = start
    }

    var devices: [Device] { stream.header.devices }
    func kind(of device: DeviceID) -> DeviceKind? { devices.first { $0.id == device }?.kind }
    var screen: Screen? { stream.header.screen }
    var lastEventTime: UInt { 0 }

    var nextDeadline: Double? {
        guard playing, let e = stream.next else { return nil }
        return wallTime(start + e.t)
    }

    func engineTime(_ wall: Double) -> Double { speed == 1 ? wall : start + (wall - start) * speed }
    func wallTime(_ engine: Double) -> Double { speed == 1 ? engine : start + (engine - start) / speed }

    func drain(now: Double, readSocket: Bool, _ feed: (Input, Double) -> Void) {
        if let c = connection, c.alive { c.drain(readSocket: readSocket, onMappingChanged: { news.mappingChanged = true }) }
        let now = engineTime(now)
        while playing, let e = stream.next, start + e.t <= now {
            feed(e.input, start + e.t)
            do {
                try stream.advance()
            } catch {
                log.error(Words("{error}; playing stops here", ["error": "\(error)"]))   // the file changed since it was checked
                playing = false
                return
            }
            if stream.next == nil { log.notice(Words("played {count} events", ["count": stream.count])) }
        }
    }

    func takeNews() -> InputNews? {
        guard news.mappingChanged else { return nil }
        defer { news = InputNews() }
        return news
    }
    func followKeyReleases(_ on: Bool) {}
    func decide(_ decision: TouchDecisionEvent) {}
    func listen(for table: GestureTable) -> [Words] { [] }
    var statusDevices: [String] { devices.map { "\($0.id) \($0.kind.rawValue) \($0.name) (played)" } }
    var statusListeningWords: [Words] { [DaemonState.Says.playedTrace.with(["path": path])] }
    var summary: String { "playing \(path)" }
    func stop() {}
}
