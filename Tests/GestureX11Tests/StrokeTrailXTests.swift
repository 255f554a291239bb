import CX11
import GestureCore
@testable import GestureX11
import XTestSupport
import Testing

extension XTests {
    @Suite(.serialized) struct Trail {
        /// A leg of the trail is a request through XCB, none through Xlib:
        /// Xlib, on a connection whose events XCB reads (the daemon's), keeps
        /// 32 bytes of heap for every request it sends until its next reply,
        /// and nothing asks it for one while a stroke is drawn (one request
        /// per motion event: 0.6 MB after 20 strokes of 1,000). The legs
        /// still shape the window: its bounding region covers the line.
        @Test func aLegGoesThroughXCBAndShapesTheWindow() throws {
            let x = try Xvfb()
            let conn = try XConnection(name: x.display, events: .xcb)
            let look = try XConnection(name: x.display)
            let trail = StrokeTrail(connection: conn)
            trail.pressed()
            trail.start([Point(x: 100, y: 100), Point(x: 100, y: 110)])
            conn.flush()
            let xlibBefore = cx_NextRequest(conn.display)
            for i in 1...200 { trail.extend(to: Point(x: 100 + Double(i), y: 110)) }
            #expect(cx_NextRequest(conn.display) == xlibBefore, "the legs were Xlib's requests")
            conn.flush()
            conn.sync()

            var count: Int32 = 0, order: Int32 = 0
            let rects = XShapeGetRectangles(look.display, trail.windowID, ShapeBounding, &count, &order)
            defer { if let rects { XFree(rects) } }
            func covered(_ px: Int, _ py: Int) -> Bool {
                (0..<Int(count)).contains { i in
                    let r = rects![i]
                    return px >= Int(r.x) && px < Int(r.x) + Int(r.width) && py >= Int(r.y) && py < Int(r.y) + Int(r.height)
                }
            }
            #expect(count > 0)
            #expect(covered(100, 105) && covered(250, 110) && covered(300, 110), "\(count) rectangles")
            #expect(!covered(250, 130) && !covered(400, 110))
            trail.destroy()
            conn.flush()
            #expect(conn.takeErrors().isEmpty)
        }
    }
}
