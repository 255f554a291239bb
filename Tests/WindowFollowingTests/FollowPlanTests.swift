import GestureActions
import Testing
@testable import WindowFollowing

/// Where a following window's frame goes for the fingers' travel (FollowPlan.swift):
/// a move 1:1, a resize by its nearest sides within the hints.
@Suite struct FollowPlanTests {
    static let frame = WindowRect(x: 100, y: 100, width: 302, height: 225)

    @Test(arguments: [
        // (travel, frame after): 1:1, rounded to the pixel, off the screen's edges too.
        ((240.0, 130.0), WindowRect(x: 340, y: 230, width: 302, height: 225)),
        ((-0.4, 0.6), WindowRect(x: 100, y: 101, width: 302, height: 225)),
        ((-500.0, -300.0), WindowRect(x: -400, y: -200, width: 302, height: 225)),
    ])
    func aMoveFollowsTheFingersOneToOne(_ travel: (Double, Double), _ want: WindowRect) {
        let plan = FollowPlan(.move, origin: Self.frame, grab: (250, 200))
        #expect(plan.frame(for: GesturePlace(translation: travel)) == want)
    }

    @Test func onResizePlansTheFrameWithinTheHintsAndTheMovePointIsTheTouchpadsCarriedPointer() {
        let plan = FollowPlan(.resize, origin: Self.frame, grab: (390, 310), hints: SizeHints(minWidth: 200))
        #expect(plan.edges == [.right, .bottom])
        #expect(plan.frame(for: GesturePlace(translation: (-300, 10))) == WindowRect(x: 100, y: 100, width: 200, height: 235))
        #expect(plan.point(for: GesturePlace(translation: (10, 20))) == (400, 330))
        #expect(plan.point(for: GesturePlace(touch: (5, 6), translation: (10, 20))) == (5, 6))
    }
}
