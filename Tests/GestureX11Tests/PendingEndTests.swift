import CX11
import GestureCore
@testable import GestureX11
import Testing

/// Below the window manager's grab on the root (mutter, muffin), a touch
/// whose finger lifts while the window manager still owns it comes to us as
/// an update flagged XITouchPendingEnd; its end only once the window
/// manager lets go of it, which it may never do. The flagged update is the
/// lift: the engine must not count a finger that is up. Seen in E2E
/// --desktops under load: the readiness tap kept by muffin, the next tap read
/// as 2 fingers and a 3-finger swipe as a 4-finger window move.
@Suite struct PendingEndTests {
    typealias Raw = RootGrabRawTests
    let key = TouchOwnership.Key(device: 11, touch: 7)
    static let frame: UInt32 = 0x400005   // a top-level window, not the root (0 in these events)
    static let grab = Grab(master: 2, kind: .topLevel(Window(frame)))

    static func state() -> ListenerState {
        var s = ListenerState(devices: [Raw.touchscreen])
        s.active = ListenPlan(touches: .grab)
        s.active.touchGrab = .topLevels
        return s
    }

    static func event(_ type: Int32, x: Double, pendingEnd: Bool = false, window: UInt32 = frame) -> [UInt8] {
        Raw.event(type, touch: 7, root: Point(x: x, y: 300), device: .zero,
                  flags: pendingEnd ? UInt32(XITouchPendingEnd) : 0, window: window)
    }

    @discardableResult
    static func convert(_ s: inout ListenerState, _ type: Int32, x: Double, pendingEnd: Bool = false,
                        window: UInt32 = frame) -> Input? {
        Raw.convert(&s, type, event(type, x: x, pendingEnd: pendingEnd, window: window))
    }

    /// Undecided, through our grab on a top-level window: the flagged update
    /// is the lift; X's end, when the window manager lets go, is dropped.
    @Test func anUndecidedTouchLiftsAtItsPendingEnd() {
        var s = Self.state()
        #expect(Self.convert(&s, XI_TouchBegin, x: 100) == .touchBegin(device: 11, touch: 7, at: Point(x: 100, y: 300)))
        #expect(Self.convert(&s, XI_TouchUpdate, x: 104) == .touchUpdate(device: 11, touch: 7, at: Point(x: 104, y: 300)))
        #expect(Self.convert(&s, XI_TouchUpdate, x: 106, pendingEnd: true) == .touchEnd(device: 11, touch: 7, at: Point(x: 106, y: 300)))
        #expect(s.touches.touches[key] == .rawLifted(Self.grab))
        #expect(!s.touches.needsRaw)   // the lift is in: no raw end needed
        // The window manager lets go: what comes is not a second lift.
        #expect(Self.convert(&s, XI_TouchEnd, x: 106) == nil)
        // The engine releases the tap: X is told (it still waits for our word).
        #expect(s.decide(key, claimed: false) == Self.grab)
        #expect(s.touches.touches.isEmpty)
    }

    /// The window manager never lets go (it kept the touch for good): the
    /// engine has had the lift all the same, and the touch's decision went out.
    @Test func aTouchKeptForGoodIsStillLifted() {
        var s = Self.state()
        Self.convert(&s, XI_TouchBegin, x: 100)
        let lift = Self.convert(&s, XI_TouchUpdate, x: 100, pendingEnd: true)
        #expect(lift == .touchEnd(device: 11, touch: 7, at: Point(x: 100, y: 300)))
        #expect(s.decide(key, claimed: false) != nil)
        #expect(s.touches.touches.isEmpty && s.touches.undecided == 0)
    }

    /// Claimed before the window manager handed it down: the flagged update
    /// is the lift, and the grab's end later is dropped.
    @Test func anAcceptedTouchLiftsAtItsPendingEnd() {
        var s = Self.state()
        Self.convert(&s, XI_TouchBegin, x: 100)
        #expect(s.decide(key, claimed: true) != nil)
        #expect(Self.convert(&s, XI_TouchUpdate, x: 150) == .touchUpdate(device: 11, touch: 7, at: Point(x: 150, y: 300)))
        #expect(Self.convert(&s, XI_TouchUpdate, x: 160, pendingEnd: true) == .touchEnd(device: 11, touch: 7, at: Point(x: 160, y: 300)))
        #expect(s.touches.touches[key] == .acceptedLifted)
        #expect(Self.convert(&s, XI_TouchEnd, x: 160) == nil)
        #expect(s.touches.touches.isEmpty)
    }

    /// On the bare desktop the touch comes through our selection on the
    /// root, not a grab: the same lift, the same end dropped.
    @Test func aSelectedTouchLiftsAtItsPendingEnd() {
        var s = Self.state()
        #expect(Self.convert(&s, XI_TouchBegin, x: 100, window: 0) == .touchBegin(device: 11, touch: 7, at: Point(x: 100, y: 300)))
        #expect(Self.convert(&s, XI_TouchUpdate, x: 102, pendingEnd: true, window: 0) == .touchEnd(device: 11, touch: 7, at: Point(x: 102, y: 300)))
        #expect(s.liftedEarly == [key])
        #expect(Self.convert(&s, XI_TouchEnd, x: 102, window: 0) == nil)
        #expect(s.liftedEarly.isEmpty)
        // A touch whose end comes plainly is untouched by any of it.
        var t = Self.state()
        Self.convert(&t, XI_TouchBegin, x: 100, window: 0)
        #expect(Self.convert(&t, XI_TouchEnd, x: 101, window: 0) == .touchEnd(device: 11, touch: 7, at: Point(x: 101, y: 300)))
    }

    /// Ends the window manager never lets go of are not kept for ever.
    @Test func onlyTheLatestEarlyLiftsAreKept() {
        var s = Self.state()
        let kept = ListenerState.liftedEarlyKept
        for t in 0...kept {
            let e = Raw.event(XI_TouchUpdate, touch: UInt32(100 + t), root: .zero, device: .zero,
                              flags: UInt32(XITouchPendingEnd), window: 0)
            Raw.convert(&s, XI_TouchUpdate, e)
        }
        #expect(s.liftedEarly.count == kept)
        #expect(s.liftedEarly.first == TouchOwnership.Key(device: 11, touch: 101))
    }

    /// The frame gatherer takes the flagged update for the end it is: a
    /// lifted finger is not waited for.
    @Test func theFrameGathererTakesItAsTheEnd() {
        var s = Self.state()
        Self.convert(&s, XI_TouchBegin, x: 100)
        Self.convert(&s, XI_TouchUpdate, x: 100, pendingEnd: true)
        #expect(!s.frame.awaitsRest)
    }
}

/// Touches accepted and lifted wait for the grab's end the window manager
/// sends when it lets go; one that never lets go leaves a hand's worth.
@Suite struct AcceptedLiftedTests {
    @Test func aHandsWorthIsKept() {
        var o = TouchOwnership()
        let grab = Grab(master: 2, kind: .topLevel(0x400005))
        let kept = TouchOwnership.acceptedLiftedKept
        for t in 0...UInt32(kept) {
            let k = TouchOwnership.Key(device: 11, touch: t)
            _ = o.on(.began(grab, at: .zero), k)
            _ = o.on(.decided(accepted: true), k)
            #expect(o.on(.pendingEnd(at: .zero), k) == .follow(.zero, ended: true))
        }
        #expect(o.touches.values.count(where: { $0 == .acceptedLifted }) == kept)
        #expect(o.touches[.init(device: 11, touch: 0)] == nil)        // the oldest let go
        #expect(o.touches[.init(device: 11, touch: UInt32(kept))] == .acceptedLifted)
        // The oldest's late end passes (the engine ignores an end it had); the others' are dropped.
        #expect(o.on(.grabEnded, .init(device: 11, touch: 0)) == .lift(takenAbove: false))
        #expect(o.on(.grabEnded, .init(device: 11, touch: 1)) == .dropEnd)
    }
}
