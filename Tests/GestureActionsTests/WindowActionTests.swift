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
        ("window move", .follow(.move)),
        ("window Resize", .follow(.resize)),
        ("window snap left", .snap(.left)),
        ("window snap right", .snap(.right)),
        ("window snap top", .snap(.top)),
        ("window snap bottom", .snap(.bottom)),
        ("window  snap  Maximize", .snap(.maximize)),
        ("window snap restore", .snap(.restore)),
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
        ("window maximise", 7, "'window' takes one of close, maximize, minimize, fullscreen, activate, move, resize, snap (did you mean 'maximize'?), e.g. window maximize, window snap left"),
        ("window move fast", 12, "'window move' takes nothing after it: the window follows the gesture"),
        ("window snap", 7, "'window snap' takes one of left, right, top, bottom, maximize, restore, e.g. window snap left"),
        ("window snap lefт", 12, "'window snap' takes one of left, right, top, bottom, maximize, restore (did you mean 'left'?), e.g. window snap left"),
        ("window snap left now", 17, "'window snap left' takes nothing after it"),
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

    @Test func theNewWindowActionsPrintAsWrittenAndTheirFallbacks() throws {
        #expect(try ActionParser.parse("window snap left", keymap: TestKeymap()).get().description == "window snap left")
        #expect(try ActionParser.parse("window move", keymap: TestKeymap()).get().description == "window move")
        // move and resize have no chord to fall back on: their own route is a configure request.
        #expect(WindowAction.follow(.move).keymapFallback == nil && WindowAction.follow(.move).requiredHints.isEmpty)
        #expect(WindowAction.snap(.left).keymapFallback == "tile-left" && WindowAction.snap(.left).requiredHints == ["_NET_MOVERESIZE_WINDOW"])
        #expect(WindowAction.snap(.restore).keymapFallback == nil)
    }

    /// A window control that follows, recording what it was asked.
    final class FollowingWM: WindowControl {
        var begin: WindowResult = .done("window 0x1 at 300x200+0+0")
        var log: [String] = []
        var deadline: Double? = nil
        func perform(_ action: WindowAction, target: WindowTarget) -> WindowResult { log.append("perform \(action)"); return .done("") }
        func beginFollow(_ follow: WindowAction.Follow, binding: Int, target: WindowTarget, place: GesturePlace, now: Double) -> WindowResult {
            log.append("begin \(follow) \(binding) at \(target.x ?? -1),\(target.y ?? -1) t=\(now)")
            return begin
        }
        func follow(binding: Int, place: GesturePlace, now: Double) {
            log.append("follow \(binding) by \(place.translation.x),\(place.translation.y) t=\(now)")
        }
        func endFollow(binding: Int, place: GesturePlace, cancelled: Bool, now: Double) -> String? {
            log.append("end \(binding)\(cancelled ? " cancelled" : " at \(place.translation.x),\(place.translation.y)")")
            return "ended"
        }
        var followDeadline: Double? { deadline }
        func advanceFollow(to now: Double) { log.append("advance t=\(now)") }
    }

    @Test func aFollowingWindowGetsEveryFrameUntilTheGestureEnds() throws {
        let p = ActionPerformer(synthesizer: Recorder(), baseEnvironment: [:])
        let wm = FollowingWM()
        p.windowControl = wm
        var notes: [String] = []
        p.onNote = { notes.append($0) }
        let move = try ActionParser.parse("window move", keymap: nil).get()
        p.gestureBegan(binding: 2)
        p.perform(move, binding: 2, gesture: [:], target: WindowTarget(x: 250, y: 200), now: 1)
        #expect(p.isFollowing(binding: 2) && !p.isFollowing(binding: 3))
        p.gestureChanged(binding: 2, place: GesturePlace(translation: (10, 5)), now: 1.01)
        p.gestureChanged(binding: 3, place: GesturePlace(translation: (10, 5)), now: 1.01)   // not following: nothing
        wm.deadline = 1.012
        #expect(p.nextDeadline == 1.012)
        p.advance(to: 1.012)
        p.gestureFinished(binding: 2, now: 1.02, place: GesturePlace(translation: (20, 9)))
        #expect(!p.isFollowing(binding: 2))
        #expect(wm.log == ["begin move 2 at 250.0,200.0 t=1.0", "follow 2 by 10.0,5.0 t=1.01", "advance t=1.012",
                           "end 2 at 20.0,9.0"])
        #expect(notes == ["window move: window 0x1 at 300x200+0+0", "ended"])
    }

    @Test func aCancelledFollowStaysWhereTheLastFrameWasAndEveryExitEndsIt() throws {
        let p = ActionPerformer(synthesizer: Recorder(), baseEnvironment: [:])
        let wm = FollowingWM()
        p.windowControl = wm
        let resize = try ActionParser.parse("window resize", keymap: nil).get()
        p.perform(resize, binding: 0, gesture: [:], now: 0)
        p.gestureFinished(binding: 0, cancelled: true, now: 0.1, place: GesturePlace(translation: (99, 99)))
        // Cancelled: no last frame from the cancel's place.
        #expect(wm.log == ["begin resize 0 at -1.0,-1.0 t=0.0", "end 0 cancelled"])
        p.perform(resize, binding: 1, gesture: [:], now: 0)
        p.releaseAll()   // reload, exit, X error
        #expect(wm.log.last == "end 1 cancelled" && !p.isFollowing(binding: 1))
    }

    @Test func aWindowThatCannotFollowIsSaidAndNothingFollows() throws {
        let p = ActionPerformer(synthesizer: Recorder(), baseEnvironment: [:])
        let wm = FollowingWM()
        wm.begin = .nothing("window 0x5 is a dock or panel (_NET_WM_WINDOW_TYPE_DOCK): never moved")
        p.windowControl = wm
        var notes: [String] = [], errors: [String] = []
        p.onNote = { notes.append($0) }
        p.onError = { errors.append($0) }
        p.perform(try ActionParser.parse("window move", keymap: nil).get(), binding: 0, gesture: [:])
        p.gestureChanged(binding: 0, place: GesturePlace(translation: (1, 1)), now: 0)
        #expect(!p.isFollowing(binding: 0) && wm.log.count == 1)
        #expect(notes == ["window move: nothing to do: window 0x5 is a dock or panel (_NET_WM_WINDOW_TYPE_DOCK): never moved"])
        // No window control at all (no X): an error, said.
        p.windowControl = nil
        p.perform(try ActionParser.parse("window move", keymap: nil).get(), binding: 0, gesture: [:])
        #expect(errors == ["window move: no window manager connection"])
    }

    @Test func aRecorderThatCannotFollowSaysSo() {
        // The protocol's defaults: a window control without following.
        let wm = FakeWM(.done(""))
        #expect(wm.beginFollow(.move, binding: 0, target: WindowTarget(), place: GesturePlace(), now: 0)
                    == .unsupported("this window control cannot move windows"))
        #expect(wm.followDeadline == nil && wm.endFollow(binding: 0, place: GesturePlace(), cancelled: false, now: 0) == nil)
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
