import Foundation
import FoundationXML
import GestureSystem
import GestureBridge
import GestureConfig
import GestureCore
import Testing
import GestureTraces
import GestureTesting

/// `replay --svg`: valid XML, a path per touch coloured by who claimed it, a
/// mark per phase, names escaped.
@Suite struct TraceSVGTests {
    /// Elements by name, and whether the parser accepted the document.
    final class Census: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        var strokes: [String] = []
        var texts: [String] = []
        private var inText = false
        func parser(_ p: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String]) {
            counts[name, default: 0] += 1
            if name == "polyline" { strokes.append(attributes["stroke"] ?? "") }
            inText = name == "text"
            if inText { texts.append("") }
        }
        func parser(_ p: XMLParser, foundCharacters s: String) { if inText { texts[texts.count - 1] += s } }
        func parser(_ p: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inText = false }
        }
    }

    func census(_ svg: String) -> (ok: Bool, Census) {
        let parser = XMLParser(data: Data(svg.utf8))
        let c = Census()
        parser.delegate = c
        return (parser.parse(), c)
    }

    func swipe(_ b: inout TraceBuilder, dx: Double) {
        b.land(3, at: Point(x: 960, y: 500), stagger: 0.01)
        b.move(by: Point(x: dx, y: 0), over: 0.2)
        b.lift()
        b.wait(0.5)
    }

    @Test func aClaimedSwipeAndATapThatWentToApplications() throws {
        let config = try isolatedLoader.load(text: """
            keymap = "none"
            [[bind]]
            name = "next <&\\" 'desk'>"
            gesture = "swipe(fingers: 3, direction: .left)"
            priority = "high"
            on-ended = "key ctrl+alt+Right"
            """, file: "c.toml").get()
        var b = TraceBuilder.standard(outputs: [Output(name: "eDP-1", x: 0, y: 0, width: 1920, height: 1080)])
        swipe(&b, dx: -300)          // claimed by the binding
        b.tap(1, at: Point(x: 300, y: 300))   // nothing wants it: released
        b.wait(0.5)
        let effects = Replayer.run(b.trace, table: config.table, explain: true)
        let svg = TraceSVG(trace: b.trace, effects: effects, config: config).render()
        let (ok, c) = census(svg)
        #expect(ok)
        #expect(c.counts["svg"] == 1)
        #expect(c.strokes.count == 4)                              // 3 fingers + 1 tap
        #expect(c.strokes.filter { $0 == TraceSVG.palette[0] }.count == 3)
        #expect(c.strokes.filter { $0 == TraceSVG.released }.count == 1)
        #expect(c.texts.contains("next <&\" 'desk'>"))            // escaped in, read back whole
        #expect(c.texts.contains("eDP-1"))
        let phases = effects.filter { if case .gesture = $0 { return true } else { return false } }.count
        #expect(phases >= 2)
        // A mark with a tooltip per phase, per touch decision and per win or concession.
        let notes = effects.filter {
            switch $0 {
            case .gesture, .touch: return true
            case .arena(let a): return a.kind != .joined
            default: return false
            }
        }.count
        #expect(c.counts["title", default: 0] == notes + c.strokes.count)
    }

    @Test func aTouchpadGestureIsDrawnFromItsDeltasInItsBindingsColour() throws {
        let config = try isolatedLoader.load(text: """
            keymap = "none"
            [[bind]]
            name = "zoom"
            gesture = "magnify(fingers: 2)"
            on-step = { every = 0.2, increase = "key ctrl+plus", decrease = "key ctrl+minus" }
            """, file: "c.toml").get()
        var b = TraceBuilder.standard(device: .touchpad)
        b.touchpadPinch(fingers: 2, to: 1.8, over: 0.4)
        let effects = Replayer.run(b.trace, table: config.table, explain: true)
        let (ok, c) = census(TraceSVG(trace: b.trace, effects: effects, config: config).render())
        #expect(ok)
        #expect(c.strokes == [TraceSVG.palette[0]])
        #expect(c.counts["path", default: 0] >= 1)   // steps drawn as diamonds
    }

    /// The command: one trace drawn next to the usual output; more is a usage error.
    @Test func replayDrawsOneTrace() {
        let out = "/tmp/gesture-bridge-svg-\(getpid()).svg"
        defer { removeTree(out) }
        let trace = TraceFiles.directory + "/touchscreen-swipe-left-3.jsonl"
        let config = ReplayCase.directory + "/everyday.toml"
        let env = ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"]
        let r = Spawn.run(Spawn.gestureBridge, ["replay", "--config", config, "--svg", out, trace], environment: env)
        #expect(r.status == 0)
        #expect(r.stdout.contains("workspace-next") && r.stderr.contains("drew \(trace) to \(out)"))
        guard case .success(let svg) = FileSystem.read(out) else { Issue.record("no \(out)"); return }
        #expect(census(svg).ok)
        let two = Spawn.run(Spawn.gestureBridge, ["replay", "--config", config, "--svg", out, trace, trace], environment: env)
        #expect(two.status == 64 && two.stderr.contains("--svg draws one trace; 2 given"))
    }
}
