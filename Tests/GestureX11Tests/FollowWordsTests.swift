import GestureActions
@testable import GestureX11
import Testing
@testable import WindowFollowing

/// The log's words for what FollowMachine, FollowStart and SnapPlan report
/// (FollowWords.swift), sentence by sentence: the lines the daemon's log
/// had when the machines made them, word for word (the E2E checks grep the
/// log for 'window move'). The reports are the ones the machines' rows
/// make (Tests/WindowFollowingTests: a client 0x600003 at 300x200+100+100,
/// two monitors side by side, a panel along the right one's bottom).
@Suite struct FollowWordsTests {
    typealias Began = FollowMachine.Began
    typealias Ended = FollowMachine.Ended

    struct Case: Sendable, CustomTestStringConvertible {
        var report: FollowMachine.Report
        var words: String
        var testDescription: String { words }
    }

    static let client: WindowID = 0x600003
    static let window = WindowRect(x: 100, y: 100, width: 300, height: 200)
    static let maximized = WindowRect(x: 0, y: 0, width: 1920, height: 1080)
    /// The right monitor's work area, and its halves.
    static let area = WindowRect(x: 960, y: 0, width: 960, height: 1040)
    static let leftHalf = WindowRect(x: 960, y: 0, width: 480, height: 1040)
    static let rightHalf = WindowRect(x: 1440, y: 0, width: 480, height: 1040)

    /// A session of the client that ended at `at`, having started at `window`.
    static func ended(_ follow: WindowAction.Follow = .move, at: WindowRect, frames: Int, requests: Int,
                      latency: Ended.Latency? = nil, _ end: Ended.End = .released) -> Ended {
        Ended(follow: follow, window: client, at: at, from: window, frames: frames, requests: requests, latency: latency, end: end)
    }
    /// A move that ended 250, 200 on, away from the edges; snapped at the right edge; at the top.
    static let moveEnded = ended(at: WindowRect(x: 350, y: 300, width: 300, height: 200), frames: 2, requests: 1)
    static var snappedRight: Ended {
        var e = moveEnded
        e.end = .snapped(edge: .right, monitor: "R", .placed(rightHalf, area: area, before: window))
        return e
    }
    static var snappedTop: Ended {
        var e = moveEnded
        e.end = .snapped(edge: .maximize, monitor: "R", .maximized(area: area, before: window))
        return e
    }

    static let cases: [Case] = [
        Case(report: .began(Began(window: client, frame: window, how: .asItIs)), words: "window 0x600003 at 300x200+100+100"),
        Case(report: .began(Began(window: client, frame: window, how: .asItIs, edges: [.bottom, .right], ewmh: false)),
             words: "window 0x600003 at 300x200+100+100, its bottom-right following (configure requests)"),
        Case(report: .began(Began(window: client, frame: maximized, how: .unmaximized)), words: "window 0x600003 at 1920x1080+0+0, un-maximized"),
        Case(report: .began(Began(window: client, frame: maximized, how: .unmaximized, edges: [.top, .left])),
             words: "window 0x600003 at 1920x1080+0+0, un-maximized, its top-left following"),
        Case(report: .began(Began(window: client, frame: window, how: .givenBack(width: 800, height: 600))),
             words: "window 0x600003 at 300x200+100+100, given back its 800x600 from before the snap"),
        Case(report: .wentAway(client), words: "window 0x600003 went away"),
        Case(report: .ended(Ended(follow: .move, window: client, frames: 2, requests: 0)),
             words: "window move: window 0x600003, 2 frames, 0 requests"),
        Case(report: .ended(ended(at: window, frames: 1, requests: 0, .cancelled)),
             words: "window move: window 0x600003 at 300x200+100+100 (from 300x200+100+100), 1 frames, 0 requests; cancelled: left where the last frame put it"),
        Case(report: .ended(ended(at: WindowRect(x: 110, y: 100, width: 300, height: 200), frames: 2, requests: 1, latency: .init(p50: 0.012, p95: 0.01849, count: 7),
                                    .cancelled)),
             words: "window move: window 0x600003 at 300x200+110+100 (from 300x200+100+100), 2 frames, 1 requests, answered 12.0 ms p50, 18.5 ms p95 after the frame (7); cancelled: left where the last frame put it"),
        Case(report: .ended(ended(.resize, at: WindowRect(x: 100, y: 100, width: 330, height: 240), frames: 2, requests: 1)),
             words: "window resize: window 0x600003 at 330x240+100+100 (from 300x200+100+100), 2 frames, 1 requests"),
        Case(report: .ended(moveEnded),
             words: "window move: window 0x600003 at 300x200+350+300 (from 300x200+100+100), 2 frames, 1 requests"),
        Case(report: .ended(snappedRight),
             words: "window move: window 0x600003 at 300x200+350+300 (from 300x200+100+100), 2 frames, 1 requests; ended at the right edge of monitor R: 480x1040+1440+0 (work area 960x1040+960+0); before: 300x200+100+100"),
        Case(report: .ended(snappedTop),
             words: "window move: window 0x600003 at 300x200+350+300 (from 300x200+100+100), 2 frames, 1 requests; ended at the top edge of monitor R: maximized (work area 960x1040+960+0); before: 300x200+100+100"),
        Case(report: .closed(.move, client), words: "window move: window 0x600003 closed during the gesture; the move ends there"),
        Case(report: .closed(.resize, client), words: "window resize: window 0x600003 closed during the gesture; the resize ends there"),
    ]

    @Test(arguments: cases) func words(_ c: Case) {
        switch c.report {
        case .began(let b): #expect(FollowWords.began(b) == c.words)
        case .wentAway(let w): #expect(FollowWords.wentAway(w) == c.words)
        case .ended(let e): #expect(FollowWords.ended(e) == c.words)
        case .closed(let follow, let w): #expect(FollowWords.closed(follow, w) == c.words)
        }
    }

    /// `window snap …`'s result after the window's name, as SnapPlan's rows report it.
    @Test func snapWords() {
        let frame = WindowRect(x: 1200, y: 300, width: 300, height: 200), area = Self.area, left = Self.leftHalf
        #expect(FollowWords.snapped(.restored(unmaximized: true, back: frame)) == "un-maximized, back to 300x200+1200+300")
        #expect(FollowWords.snapped(.restored(unmaximized: true, back: nil)) == "un-maximized")
        #expect(FollowWords.snapped(.restored(unmaximized: false, back: frame)) == "back to 300x200+1200+300")
        #expect(FollowWords.snapped(.restored(unmaximized: false, back: nil)) == "nothing to restore (not snapped or maximized)")
        #expect(FollowWords.snapped(.maximized(area: area, before: frame))
                == "maximized (work area 960x1040+960+0); before: 300x200+1200+300")
        #expect(FollowWords.snapped(.placed(left, area: area, before: frame))
                == "480x1040+960+0 (work area 960x1040+960+0); before: 300x200+1200+300")
    }

    @Test func theConnectionLost() {
        #expect(FollowWords.connectionLost(2) == "the X connection of the window mover went away; 2 window move(s) end")
    }
}
