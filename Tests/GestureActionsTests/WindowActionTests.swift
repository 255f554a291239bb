@testable import GestureActions
import Testing

/// Window-manager actions: how they are written, and what the performer does
/// when the window manager can or cannot do them.
@Suite struct WindowActionTests {
    @Test(arguments: [
        ("workspace next", WindowAction.workspace(.next)),
        ("workspace previous", .workspace(.previous)),
        ("workspace prev", .workspace(.previous)),
        ("workspace Left", .workspace(.left)),
        ("workspace down", .workspace(.down)),
        ("workspace 3", .workspace(.number(3))),
        ("show-desktop", .showDesktop),
        ("window close", .window(.close)),
        ("window maximize", .window(.maximize)),
        ("window minimize", .window(.minimize)),
        ("window fullscreen", .window(.fullscreen)),
        ("window activate", .window(.activate)),
    ])
    func parses(_ text: String, _ want: WindowAction) throws {
        guard case .window(let a, _) = try ActionParser.parse(text, keymap: TestKeymap()).get() else {
            Issue.record("not a window action")
            return
        }
        #expect(a == want)
    }

    @Test func theKeymapChordComesAlongAsTheFallback() throws {
        let a = try ActionParser.parse("workspace next", keymap: TestKeymap()).get()
        #expect(a == .window(.workspace(.next), fallback: [try ActionParser.parseChord("ctrl+alt+Right").get()]))
        // keymap = "none": no fallback, still an action.
        #expect(try ActionParser.parse("workspace next", keymap: nil).get() == .window(.workspace(.next), fallback: nil))
        #expect(a.description == "workspace next")
    }

    @Test(arguments: [
        ("workspace", 0, "'workspace' takes one of next, previous, left, right, up, down or a number from 1, e.g. workspace next"),
        ("workspace sideways", 10, "'workspace' takes one of next, previous, left, right, up, down or a number from 1, e.g. workspace next"),
        ("workspace 0", 10, "'workspace' takes one of next, previous, left, right, up, down or a number from 1, e.g. workspace next"),
        ("show-desktop now", 13, "'show-desktop' takes nothing after it"),
        ("window maximise", 7, "'window' takes one of close, maximize, minimize, fullscreen, activate (did you mean 'maximize'?), e.g. window maximize"),
    ])
    func mistakesSayWhatIsExpected(_ text: String, _ offset: Int, _ message: String) {
        guard case .failure(let e) = ActionParser.parse(text, keymap: TestKeymap()) else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(e.offset == offset && e.message == message)
    }

    final class FakeWM: WindowControl {
        var result: WindowResult
        var asked: [(WindowAction, WindowTarget)] = []
        init(_ r: WindowResult) { result = r }
        func perform(_ action: WindowAction, target: WindowTarget) -> WindowResult {
            asked.append((action, target))
            return result
        }
    }

    @Test func aWindowManagerThatCanDoItIsAskedAndNoKeyIsPressed() throws {
        let r = Recorder()
        let p = ActionPerformer(synthesizer: r, baseEnvironment: [:])
        let wm = FakeWM(.done("workspace 2 of 4"))
        p.windowControl = wm
        var notes: [String] = []
        p.onNote = { notes.append($0) }
        p.perform(try ActionParser.parse("workspace next", keymap: TestKeymap()).get(), binding: 0, gesture: [:],
                  target: WindowTarget(x: 10, y: 20))
        #expect(r.log.isEmpty)
        #expect(wm.asked.count == 1 && wm.asked[0].0 == .workspace(.next) && wm.asked[0].1 == WindowTarget(x: 10, y: 20))
        #expect(notes == ["workspace next: workspace 2 of 4"])
    }

    @Test func oneThatCannotGetsTheKeymapChord() throws {
        let r = Recorder()
        let p = ActionPerformer(synthesizer: r, baseEnvironment: [:])
        p.windowControl = FakeWM(.unsupported("the window manager does not support _NET_CURRENT_DESKTOP"))
        var notes: [String] = [], errors: [String] = []
        p.onNote = { notes.append($0) }
        p.onError = { errors.append($0) }
        p.perform(try ActionParser.parse("workspace next", keymap: TestKeymap()).get(), binding: 0, gesture: [:])
        #expect(r.log == ["+Control_L", "+Alt_L", "+Right", "-Right", "-Alt_L", "-Control_L"])
        #expect(notes == ["workspace next: the window manager does not support _NET_CURRENT_DESKTOP; pressing the keymap's ctrl+alt+Right"])
        // Nothing to fall back on: said as an error, nothing pressed.
        p.perform(try ActionParser.parse("workspace 3", keymap: TestKeymap()).get(), binding: 0, gesture: [:])
        #expect(errors == ["workspace 3: the window manager does not support _NET_CURRENT_DESKTOP, and the keymap has no chord for it"])
        #expect(r.log.count == 6)
    }

    @Test func nothingToDoPressesNothing() throws {
        let r = Recorder()
        let p = ActionPerformer(synthesizer: r, baseEnvironment: [:])
        p.windowControl = FakeWM(.nothing("already on the last workspace"))
        var notes: [String] = []
        p.onNote = { notes.append($0) }
        p.perform(try ActionParser.parse("workspace next", keymap: TestKeymap()).get(), binding: 0, gesture: [:])
        #expect(r.log.isEmpty && notes == ["workspace next: nothing to do: already on the last workspace"])
    }
}
