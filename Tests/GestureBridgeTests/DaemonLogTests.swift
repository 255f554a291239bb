#if canImport(Glibc)
import Glibc
#endif
@testable import GestureBridge
import Testing

/// The daemon's own logger (it replaced swift-log's): the same bytes on
/// stderr as swift-log's handler wrote, the same levels, warnings kept for
/// the state file, and a message below the level never built.
@Suite struct DaemonLogTests {
    /// What `log` writes, read back from a pipe.
    static func written(level: Logger.Level, messages: MessageRing? = nil, _ log: (Logger) -> Void) -> String {
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        log(Logger(level: level, messages: messages, descriptor: ends[1]))
        close(ends[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let n = read(ends[0], &chunk, chunk.count), n > 0 { bytes += chunk[0..<n] }
        close(ends[0])
        return String(decoding: bytes, as: UTF8.self)
    }

    static func everyLevel(_ l: Logger) {
        l.debug("a decision")
        l.info("a client watches")
        l.notice("listening on display :0")
        l.warning("/c.toml:10:1: warning: 'keep-modifiers' applies to a layer")
        l.error("the file has errors")
    }

    /// Quiet (no --verbose): notices and above; warnings and errors say their level.
    @Test func quietWritesNoticesAndAbove() {
        #expect(Self.written(level: .notice, Self.everyLevel) == """
            gesture-bridge: listening on display :0
            gesture-bridge: warning: /c.toml:10:1: warning: 'keep-modifiers' applies to a layer
            gesture-bridge: error: the file has errors

            """)
    }

    /// --verbose: everything, debug and info without a level word.
    @Test func verboseWritesEveryLevel() {
        #expect(Self.written(level: .debug, Self.everyLevel) == """
            gesture-bridge: a decision
            gesture-bridge: a client watches
            gesture-bridge: listening on display :0
            gesture-bridge: warning: /c.toml:10:1: warning: 'keep-modifiers' applies to a layer
            gesture-bridge: error: the file has errors

            """)
    }

    @Test(arguments: [(false, Logger.Level.notice), (true, .debug)])
    func verboseSetsTheLevel(verbose: Bool, level: Logger.Level) {
        #expect(Logger(verbose: verbose).level == level)
    }

    /// `log.debug("\(…)")` in a quiet daemon costs a comparison: the string is never made.
    @Test func aMessageBelowTheLevelIsNeverBuilt() {
        var built = 0
        func message() -> String { built += 1; return "built" }
        let out = Self.written(level: .notice) { l in
            l.debug(message())
            l.info(message())
            l.log(level: .debug, message())
        }
        #expect(out.isEmpty)
        #expect(built == 0)
        _ = Self.written(level: .notice) { $0.notice(message()) }
        #expect(built == 1)
    }

    /// Warnings and errors (not notices) are kept for `gesture-bridge status`, a line each.
    @Test func warningsAndErrorsAreKeptForTheStateFile() {
        let ring = MessageRing(clock: { 1_700_000_000 })
        _ = Self.written(level: .notice, messages: ring) { l in
            l.notice("listening")
            l.warning("two\nlines")
            l.error("gone")
        }
        #expect(ring.messages == ["1700000000 warning: two lines", "1700000000 error: gone"])
        #expect(ring.changed)
    }
}
