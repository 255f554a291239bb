import GestureActions
import Testing
@testable import WindowFollowing

/// What a snap leaves on the window (SnapMemory.swift): its property's numbers, and
/// whether the window is still where the snap put it.
@Suite struct SnapMemoryTests {
    @Test func aSnapRemembersTheGeometryBeforeAndKnowsWhenItWasMovedSince() throws {
        let m = SnapMemory(before: WindowRect(x: 100, y: 120, width: 302, height: 225),
                           snapped: WindowRect(x: 0, y: 0, width: 640, height: 800), extents: FrameExtents(left: 1, right: 1, top: 20, bottom: 5))
        let back = try #require(SnapMemory(values: m.values))
        #expect(back == m)
        #expect(m.stillSnapped(WindowRect(x: 0, y: 0, width: 632, height: 800)))   // a terminal's cell less
        #expect(!m.stillSnapped(WindowRect(x: 300, y: 0, width: 640, height: 800)))
        #expect(SnapMemory(values: [1, 2]) == nil)
        // The eight numbers of an older property: no extents.
        #expect(SnapMemory(values: Array(m.values.prefix(8)))?.extents == FrameExtents())
    }
}
