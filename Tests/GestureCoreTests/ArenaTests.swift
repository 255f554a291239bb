@testable import GestureCore
import Testing
import GestureTesting

/// A parent (desktop) and a child (app) binding for the same gesture: who fires,
/// for every priority of each, every mask of each scope.
struct ArenaCell: Sendable, CustomTestStringConvertible {
    /// Which binding recognizes first: a 3-finger drag recognizes at 10 px, a
    /// swipe at 80 px. Rank must decide whatever the order.
    enum Order: String, Sendable, CaseIterable { case together, parentFirst, childFirst }

    let parent: Priority
    let child: Priority
    let rootMask: GestureMask
    let appMask: GestureMask
    let order: Order
    var testDescription: String {
        "parent \(parent.rawValue), child \(child.rawValue), including root=\(rootMask.rawValue) "
            + "app=\(appMask.rawValue), \(order.rawValue)"
    }

    var parentGesture: GestureSpec { order == .parentFirst ? drag(fingers: 3) : swipe(.left) }
    var childGesture: GestureSpec { order == .childFirst ? drag(fingers: 3) : swipe(.left) }

    /// config.md's rules, stated independently of the engine.
    var expectedFired: Set<String> {
        let parentOn = rootMask == .all || rootMask == .gesture
        let childOn = (rootMask == .all || rootMask == .subviews) && (appMask == .all || appMask == .gesture)
        var fired: Set<String> = []
        if parentOn && parent == .simultaneous { fired.insert("parent") }
        if childOn && child == .simultaneous { fired.insert("child") }
        let p = parentOn && parent != .simultaneous, c = childOn && child != .simultaneous
        if p && c {
            fired.insert(parent == .high ? "parent" : "child")  // .highPriorityGesture beats the child
        } else if p {
            fired.insert("parent")
        } else if c {
            fired.insert("child")
        }
        return fired
    }
}

let arenaCells: [ArenaCell] = Priority.allCases.flatMap { p in
    Priority.allCases.flatMap { c in
        GestureMask.allCases.flatMap { rm in
            GestureMask.allCases.flatMap { am in
                ArenaCell.Order.allCases.map { ArenaCell(parent: p, child: c, rootMask: rm, appMask: am, order: $0) }
            }
        }
    }
}

func threeFingerSwipeLeft(_ b: inout TraceBuilder) {
    b.land(3, at: centre, stagger: 0.01)
    b.move(by: Point(x: -250, y: 0), over: 0.2)
    b.lift()
}

@Suite struct ArenaTests {
    @Test(arguments: arenaCells)
    func priorityScopeMask(_ cell: ArenaCell) {
        var b = TraceBuilder.standard()
        b.window(class: "Firefox", instance: "Navigator")
        threeFingerSwipeLeft(&b)
        let r = Run(b, [bind("parent", cell.parentGesture, cell.parent)],
                    apps: [AppScope(classGlob: "firefox", including: cell.appMask,
                                    bindings: [bind("child", cell.childGesture, cell.child)])],
                    including: cell.rootMask)
        let fired = Set(r.gestures.filter { $0.phase == .ended }.map { r.engine.bindings[$0.binding].name })
        #expect(fired == cell.expectedFired)
        // Whoever fires, fires once; nothing is cancelled (losers never published).
        #expect(r.gestures.filter { $0.phase == .began }.count == cell.expectedFired.count)
        #expect(!r.gestures.contains { $0.phase == .cancelled })
    }

    @Test(arguments: ["xterm", ""])
    func appScopeOnlyOverItsWindows(_ windowClass: String) {
        var b = TraceBuilder.standard()
        b.window(class: windowClass, instance: windowClass)
        threeFingerSwipeLeft(&b)
        let r = Run(b, [bind("parent", swipe(.left))],
                    apps: [AppScope(classGlob: "fire*", bindings: [bind("child", swipe(.left))])])
        #expect(r.phases == ["parent:began", "parent:ended"])
    }

    @Test func windowChangeTakesEffectForTheNextGesture() {
        var b = TraceBuilder.standard()
        b.window(class: "firefox")
        threeFingerSwipeLeft(&b)
        b.wait(0.5)
        b.window(class: "xterm")
        threeFingerSwipeLeft(&b)
        let r = Run(b, [bind("parent", swipe(.left))],
                    apps: [AppScope(classGlob: "firefox", bindings: [bind("child", swipe(.left))])])
        #expect(r.phases == ["child:began", "child:ended", "parent:began", "parent:ended"])
    }

    @Test func equalRanksFirstRecognizedWins() {
        // A 3-finger drag recognizes at 10 px, long before the swipe's 80 px.
        var b = TraceBuilder.standard()
        threeFingerSwipeLeft(&b)
        let r = Run(b, [bind("swipe", swipe(.left)), bind("drag", drag(fingers: 3))])
        #expect(r.phases == ["drag:began", "drag:ended"])
    }

    @Test func equalRanksSameFrameGoesToTheFirstDeclared() {
        var b = TraceBuilder.standard()
        threeFingerSwipeLeft(&b)
        let r = Run(b, [bind("one", swipe(.left)), bind("two", swipe(.left))])
        #expect(r.phases == ["one:began", "one:ended"])
    }

    @Test func highWaitsOutARecognizedNormal() {
        // The normal drag recognizes first but a high swipe could still want the
        // touches: the drag waits, the swipe recognizes and wins.
        var b = TraceBuilder.standard()
        threeFingerSwipeLeft(&b)
        let r = Run(b, [bind("drag", drag(fingers: 3)), bind("swipe", swipe(.left), .high)])
        #expect(r.phases == ["swipe:began", "swipe:ended"])
    }

    @Test func childNormalWaitsForTheHighParentToFail() throws {
        // One finger over the app: the parent's 3-finger swipe fails once the
        // landing window closes with one finger (here: the finger moved by
        // slop); then, and not before, the child's drag wins.
        var b = TraceBuilder.standard()
        b.window(class: "firefox")
        b.land(1, at: centre)
        b.move(by: Point(x: 100, y: 0), over: 0.2)
        b.lift()
        let r = Run(b, [bind("parent", swipe(.left), .high)],
                    apps: [AppScope(classGlob: "firefox", bindings: [bind("child", drag())])])
        #expect(r.phases == ["child:began", "child:ended"])
        let conceded = try #require(r.notes.first { $0.binding == 0 && $0.kind == .conceded })
        #expect(try #require(r.first("child", .began)).time == conceded.time)
        // 18 px at 5 px a frame: the fourth frame.
        #expect(abs(conceded.time - 0.04) < 1e-9)
    }

    @Test func simultaneousFiresAlongsideAndNeverBlocks() {
        var b = TraceBuilder.standard()
        b.window(class: "firefox")
        threeFingerSwipeLeft(&b)
        let r = Run(b, [bind("watch", drag(fingers: 3), .simultaneous), bind("parent", swipe(.left), .high)],
                    apps: [AppScope(classGlob: "firefox", bindings: [bind("child", swipe(.left))])])
        #expect(Set(r.phases) == ["watch:began", "watch:ended", "parent:began", "parent:ended"])
    }

    // MARK: Claim and release timing

    @Test func oneFingerTapIsReleasedWithinFingerLanding() throws {
        // Only a 3-finger binding exists: a held finger is released once the
        // landing window passes, not at grab-timeout.
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.wait(0.5)
        b.lift()
        let r = Run(b, [bind("three", swipe(.left), .high)])
        let release = try #require(r.touches.first)
        #expect(release.decision == .released && release.time == Settings().fingerLanding)
        #expect(release.reason == .noBindingLeft)
    }

    @Test func aQuickTapIsReleasedAtItsLift() throws {
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.wait(0.03)
        b.lift()
        let r = Run(b, [bind("three", swipe(.left), .high)])
        let release = try #require(r.touches.first)
        #expect(release.decision == .released && release.time == 0.04)
    }

    @Test func withNoBindingTouchesAreReleasedAtOnce() throws {
        var b = TraceBuilder.standard()
        b.tap(1, at: centre)
        let r = Run(b, [bind("pad", swipe(.left), device: .touchpad)])
        let release = try #require(r.touches.first)
        #expect(release.decision == .released && release.time == 0 && release.reason == .noCandidates)
    }

    @Test func edgeGestureReleasesAwayFromTheEdgeOnTheFirstFrame() throws {
        var b = TraceBuilder.standard()
        b.land(at: [Point(x: 500, y: 500)])
        b.move(by: Point(x: 100, y: 0), over: 0.1)
        b.lift()
        let r = Run(b, [bind("edge", swipe(.right, fingers: 1, from: .leftEdge), .high)])
        #expect(try #require(r.touches.first).time == 0)
    }

    @Test func aHighBindingStillActsAfterTheGrabTimeout() throws {
        // A high drag could still want a still finger: at grab-timeout the touch
        // goes to the application, and the drag, when it comes, still acts.
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.wait(0.5)
        b.move(by: Point(x: 100, y: 0), over: 0.1)
        b.lift()
        let r = Run(b, [bind("drag", drag(), .high)])
        let release = try #require(r.touches.first)
        #expect(release.decision == .released && release.reason == .grabTimeout
                && release.time == Settings().grabTimeout)
        #expect(r.touches.count == 1)
        #expect(r.phases == ["drag:began", "drag:ended"])
    }

    @Test func aHighLongPressHoldsItsTouchUntilItsTimerDecides() throws {
        // The press decides at 0.6 s, past grab-timeout: its touch waits for
        // it and is claimed (no stray click reaches the application); a
        // finger that moves fails the press and goes to the application then.
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.wait(0.8)
        b.lift()
        let r = Run(b, [bind("press", longPress(0.6), .high)])
        let t = try #require(r.touches.first)
        #expect(t.decision == .claimed && abs(t.time - 0.6) < 1e-9 && r.touches.count == 1)
        var moved = TraceBuilder.standard()
        moved.land(1, at: centre)
        moved.wait(0.1)
        moved.move(by: Point(x: 100, y: 0), over: 0.1)
        moved.lift()
        let m = try #require(Run(moved, [bind("press", longPress(0.6), .high)]).touches.first)
        #expect(m.decision == .released && m.time < Settings().grabTimeout)
    }

    @Test func normalBindingsOutliveTheGrabTimeout() throws {
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.wait(0.5)
        b.move(by: Point(x: 100, y: 0), over: 0.1)
        b.lift()
        let r = Run(b, [bind("drag", drag())])
        #expect(try #require(r.touches.first).time == Settings().grabTimeout)
        #expect(r.phases == ["drag:began", "drag:ended"])
    }

    @Test func winnerClaimsItsTouchesWhenItBegins() throws {
        var b = TraceBuilder.standard()
        threeFingerSwipeLeft(&b)
        let r = Run(b, [bind("swipe", swipe(.left), .high)])
        let began = try #require(r.first("swipe", .began))
        #expect(r.touches.count == 3)
        #expect(r.touches.allSatisfy { $0.decision == .claimed && $0.time == began.time && $0.reason == .wonBy(0) })
    }

    @Test func aFingerLandingAfterTheWinIsClaimedAtOnce() throws {
        var b = TraceBuilder.standard()
        b.land(1, at: centre)
        b.move(by: Point(x: 100, y: 0), over: 0.2)
        b.land(1, at: Point(x: 200, y: 200))
        let landed = try #require(b.events.last).t
        b.lift()
        let r = Run(b, [bind("drag", drag())])
        let late = try #require(r.touches.first { $0.touch == 2 })
        #expect(late.decision == .claimed && late.time == landed)
    }

    @Test func arenaExplainsItsDecisions() throws {
        var b = TraceBuilder.standard()
        threeFingerSwipeLeft(&b)
        let r = Run(b, [bind("tap", tap()), bind("swipe", swipe(.left), .high)])
        let notes = r.effects.compactMap { e -> ArenaNote? in if case .arena(let n) = e { return n } else { return nil } }
        #expect(notes.filter { $0.kind == .joined }.count == 2)
        // The tap says which rule refused it (RefusalTests: every rule).
        #expect(notes.contains { n in
            guard n.kind == .conceded, n.binding == 0, case .refused(let why)? = n.reason else { return false }
            return why.rule == .extraFinger
        })
        #expect(notes.contains { $0.kind == .won && $0.binding == 1 })
    }
}
