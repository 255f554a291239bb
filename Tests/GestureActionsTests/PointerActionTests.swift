@testable import GestureActions
import Testing

/// Pointer actions: buttons held for a gesture's life and its drag-lock,
/// motion that sums to the gesture's, clicks at the touch point.
@Suite struct PointerActionTests {
    func parse(_ s: String) -> Action { try! ActionParser.parse(s, keymap: nil).get() }

    @Test(arguments: [
        ("buttondown 1", Action.buttonDown(1)), ("buttondown 1 here", .buttonDown(1, here: true)),
        ("buttonup 1", .buttonUp(1)), ("button 3 here", .button(3, here: true)), ("button 2", .button(2)), ("move", .move),
    ])
    func parses(_ text: String, _ want: Action) {
        #expect(parse(text) == want)
        #expect(want.description == text)
    }

    @Test func threeFingerDragHoldsTheButtonAndMovesByTheSwipe() {
        let r = Recorder()
        let p = ActionPerformer(synthesizer: r, baseEnvironment: [:])
        p.dragLock = 0.4
        p.gestureBegan(binding: 0)
        p.perform(.buttonDown(1), binding: 0, gesture: [:])
        // Touchpad: translations summed from the swipe's deltas, fractional.
        var sum = (x: 0.0, y: 0.0)
        for (dx, dy) in [(3.4, -1.2), (5.1, 0.4), (7.7, 2.9), (0.3, 0.3)] {
            sum = (sum.x + dx, sum.y + dy)
            p.perform(.move, binding: 0, gesture: [:], place: GesturePlace(translation: sum))
        }
        #expect(r.log.first == "+button1" && r.log.filter { $0 == "+button1" }.count == 1)
        // From (100, 100): the pointer ends where the deltas sum to, within a pixel.
        #expect(abs(r.at.x - (100 + sum.x)) < 1 && abs(r.at.y - (100 + sum.y)) < 1)
        // Lifted: held for the drag-lock, then released once.
        p.gestureFinished(binding: 0, now: 10)
        #expect(!r.log.contains("-button1") && p.nextDeadline == 10.4)
        p.advance(to: 10.39)
        #expect(!r.log.contains("-button1"))
        p.advance(to: 10.4)
        #expect(r.log.filter { $0 == "-button1" }.count == 1 && p.holdsNothing && p.nextDeadline == nil)
    }

    @Test func placingTheFingersAgainWithinTheDragLockGoesOnWithTheSameDrag() {
        let r = Recorder()
        let p = ActionPerformer(synthesizer: r, baseEnvironment: [:])
        p.gestureBegan(binding: 0)
        p.perform(.buttonDown(1), binding: 0, gesture: [:])
        p.perform(.move, binding: 0, gesture: [:], place: GesturePlace(translation: (50, 0)))
        p.gestureFinished(binding: 0, now: 1)
        // The fingers land again 0.25 s later: the same button, still down.
        p.advance(to: 1.25)
        p.gestureBegan(binding: 0)
        p.perform(.buttonDown(1), binding: 0, gesture: [:])
        p.perform(.move, binding: 0, gesture: [:], place: GesturePlace(translation: (30, 10)))
        #expect(r.log.filter { $0 == "+button1" }.count == 1 && !r.log.contains("-button1"))
        // The second gesture's motion counts from its own start: 100 + 50 + 30.
        #expect(r.at.x == 180 && r.at.y == 110)
        #expect(p.nextDeadline == nil)
        p.gestureFinished(binding: 0, now: 2)
        p.advance(to: 3)
        #expect(r.log.filter { $0 == "-button1" }.count == 1)
    }

    @Test func cancelledReleasesAtOnceAndSoDoesEveryExit() {
        let r = Recorder()
        let p = ActionPerformer(synthesizer: r, baseEnvironment: [:])
        p.perform(.buttonDown(1), binding: 0, gesture: [:])
        p.gestureFinished(binding: 0, cancelled: true, now: 5)
        #expect(r.log == ["+button1", "-button1"] && p.holdsNothing && p.nextDeadline == nil)
        // Reload, SIGTERM, X errors: releaseAll, buttons too, drag-lock or not.
        p.perform(.buttonDown(1), binding: 1, gesture: [:])
        p.perform(.buttonDown(3), binding: 2, gesture: [:])
        p.gestureFinished(binding: 1, now: 6)
        p.releaseAll()
        #expect(r.log.suffix(2).sorted() == ["-button1", "-button3"] && p.holdsNothing && p.nextDeadline == nil)
    }

    @Test func twoBindingsHoldingOneButtonPressItOnce() {
        let r = Recorder()
        let p = ActionPerformer(synthesizer: r, baseEnvironment: [:])
        p.dragLock = 0
        p.perform(.buttonDown(1), binding: 0, gesture: [:])
        p.perform(.buttonDown(1), binding: 1, gesture: [:])
        p.gestureFinished(binding: 0)
        #expect(r.log == ["+button1"])
        p.gestureFinished(binding: 1)
        #expect(r.log == ["+button1", "-button1"])
    }

    @Test func aClickHereWarpsToTheTouchPointFirst() {
        let r = Recorder()
        let p = ActionPerformer(synthesizer: r, baseEnvironment: [:])
        p.perform(.button(3, here: true), binding: 0, gesture: [:], place: GesturePlace(touch: (640.4, 360.6)))
        #expect(r.log == ["warp 640,361", "+button3", "-button3"])
        // A touchpad has no touch point: the click goes where the pointer is.
        p.perform(.button(3, here: true), binding: 0, gesture: [:], place: GesturePlace(translation: (5, 5)))
        #expect(r.log.suffix(2) == ["+button3", "-button3"] && r.log.count == 5)
        // A touchscreen's move follows the fingers' centroid.
        p.perform(.move, binding: 0, gesture: [:], place: GesturePlace(touch: (700, 400)))
        #expect(r.log.last == "warp 700,400")
    }
}
