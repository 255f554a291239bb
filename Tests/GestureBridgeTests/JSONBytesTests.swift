@testable import GestureBridge
import GestureCore
import GestureTraces
import GestureTesting
import Testing

/// The monitor stream's byte writer writes what the String functions it
/// replaced wrote (`ReplayPrinter.time`, the tenths through
/// `TraceWriter.num`, `Literals.quote`), byte for byte: the goldens in
/// Tests/Monitor hold the lines, these the edges the goldens may not reach.
@Suite struct JSONBytesTests {
    static func written(_ write: (inout JSONBytes) -> Void) -> String {
        var j = JSONBytes()
        write(&j)
        return String(decoding: j.bytes, as: UTF8.self)
    }

    static let times: [Double] = [0, 1, -1, 0.5, 0.000001, 0.00005, 0.0001, 0.000123, 1.0000005, 12.345678, 1234.5,
                                  86_400.000_001, 1e6 + 0.25, 999_999_999.5, 1e9 + 0.5, 4e9, 1e15, 1e16, -3.0000004,
                                  .infinity, -.infinity]

    @Test(arguments: times)
    func timesAsReplayPrinterWritesThem(_ t: Double) {
        #expect(Self.written { $0.time(t) } == ReplayPrinter.time(t))
    }

    static let tenths: [Double] = [0, 0.04, 0.05, 0.15, -0.05, -0.25, 1.25, 99.95, 100, 123.456, -987.65, 1e8 + 0.3,
                                   1e12 + 0.1, 5e14 + 0.5, 2e15, .nan, .infinity, 1.0 / 3, 2.0 / 3, 0.1 + 0.2]

    @Test(arguments: tenths)
    func tenthsAsTheMonitorRoundedThem(_ x: Double) {
        #expect(Self.written { $0.tenths(x) } == TraceWriter.num((x * 10).rounded() / 10))
    }

    /// Many values at random (seeded): times to the microsecond and tenths.
    @Test func randomValuesMatch() {
        var rng = SplitMix64(seed: 45)
        for _ in 0..<20_000 {
            let scale = [1.0, 10, 1000, 1e5, 1e8][Int(rng.next() % 5)]
            let v = (Double(rng.next() % 2_000_000_001) / 1_000_000_000 - 1) * scale
            #expect(Self.written { $0.time(v) } == ReplayPrinter.time(v), "time \(v)")
            #expect(Self.written { $0.tenths(v) } == TraceWriter.num((v * 10).rounded() / 10), "tenths \(v)")
        }
    }

    @Test(arguments: ["swipe", "", "say \"hi\"", "back\\slash", "line\nbreak\r\ttab", "\u{1}\u{1f}\u{7f}", "défilé ✋ 🖐",
                      "binding 7"])
    func stringsQuotedAsLiteralsQuotesThem(_ s: String) {
        #expect(Self.written { $0.quoted(s) } == Literals.quote(s))
    }

    @Test(arguments: [0, 7, -7, 10, 1_000_000, Int.max, Int.min + 1])
    func integers(_ n: Int) {
        #expect(Self.written { $0.int(n) } == String(n))
    }

    /// The monitor's static texts are the raw values they stand for.
    @Test func theMonitorsWordsAreTheRawValues() {
        let kinds: [DeviceKind] = [.touchscreen, .touchpad, .other]
        for k in kinds { #expect(MonitorFeed.field(k).description == ", \"kind\": \"\(k.rawValue)\"") }
        let standings: [StandingName] = [.possible, .recognized, .began, .rejected, .failed, .done]
        for s in standings { #expect(MonitorFeed.field(s).description == ", \"standing\": \"\(s.rawValue)\"") }
        let measures: [Measure.Kind] = [.distance, .scale, .angle, .time]
        for m in measures { #expect(MonitorFeed.field(m).description == ", \"measure\": \"\(m.rawValue)\", \"value\": ") }
    }
}
