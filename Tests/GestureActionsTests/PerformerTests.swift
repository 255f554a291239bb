import GestureActions
import Testing

final class Recorder: Synthesizer {
    var log: [String] = []
    func key(_ keysym: Keysym, down: Bool) -> Bool {
        log.append((down ? "+" : "-") + keysym.name)
        return true
    }
    func button(_ n: Int, down: Bool) { log.append((down ? "+" : "-") + "button\(n)") }
    var at: (x: Double, y: Double) = (100, 100)
    func warp(x: Double, y: Double) {
        log.append("warp \(Int(x.rounded())),\(Int(y.rounded()))")
        at = (x, y)
    }
    func pointerPosition() -> (x: Double, y: Double)? { at }
    func flush() {}
}

@Suite struct PerformerTests {
    func chord(_ s: String) -> KeyChord { try! ActionParser.parseChord(s, allowModifiersOnly: true).get() }

    @Test func chordsPressInOrderAndReleaseInReverse() {
        let r = Recorder()
        ActionPerformer(synthesizer: r, baseEnvironment: [:]).perform(.key([chord("ctrl+alt+Right"), chord("Tab")]), binding: 0, gesture: [:])
        #expect(r.log == ["+Control_L", "+Alt_L", "+Right", "-Right", "-Alt_L", "-Control_L", "+Tab", "-Tab"])
    }

    @Test func twoBindingsHoldingOneKeyPressItOnceAndReleaseItWithTheLast() {
        let r = Recorder()
        let p = ActionPerformer(synthesizer: r, baseEnvironment: [:])
        p.perform(.keyDown(chord("alt")), binding: 1, gesture: [:])
        p.perform(.keyDown(chord("alt")), binding: 2, gesture: [:])
        p.gestureFinished(binding: 1)
        #expect(r.log == ["+Alt_L"])
        p.gestureFinished(binding: 2)
        #expect(r.log == ["+Alt_L", "-Alt_L"])
        #expect(p.ledger.isEmpty)
    }

    @Test func aChordDoesNotReleaseAHeldModifier() {
        // alt held for an alt-tab gesture: `key alt+Tab` must not let alt go.
        let r = Recorder()
        let p = ActionPerformer(synthesizer: r, baseEnvironment: [:])
        p.perform(.keyDown(chord("alt")), binding: 0, gesture: [:])
        p.perform(.key([chord("alt+Tab")]), binding: 0, gesture: [:])
        #expect(r.log == ["+Alt_L", "+Tab", "-Tab"])
        p.perform(.keyUp(chord("alt")), binding: 0, gesture: [:])
        p.gestureFinished(binding: 0)
        #expect(r.log == ["+Alt_L", "+Tab", "-Tab", "-Alt_L"])
    }

    @Test func releaseAllLetsEverythingGo() {
        let r = Recorder()
        let p = ActionPerformer(synthesizer: r, baseEnvironment: [:])
        p.perform(.keyDown(chord("ctrl+shift")), binding: 0, gesture: [:])
        p.perform(.keyDown(chord("super")), binding: 1, gesture: [:])
        p.releaseAll()
        #expect(r.log == ["+Control_L", "+Shift_L", "+Super_L", "-Super_L", "-Shift_L", "-Control_L"])
    }
}
