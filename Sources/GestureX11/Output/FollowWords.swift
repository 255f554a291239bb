import GestureActions
import WindowFollowing

/// The log's words for windows that follow gestures and snap: what
/// FollowMachine, FollowStart and SnapPlan report as facts, said as
/// WindowMover's results, log lines and notices. The machines decide and
/// say nothing; only this says it. The E2E checks read the daemon's log for
/// its 'window move' lines (Tests/E2E/guest/desktops.sh): `FollowWordsTests`
/// keeps each sentence word for word.
enum FollowWords {
    static func name(_ w: WindowID) -> String { "window \(w)" }

    /// The begin's result: "window 0x… at 300x200+100+100, un-maximized".
    static func began(_ b: FollowMachine.Began) -> String {
        var said = "\(name(b.window)) at \(b.frame)\(how(b.how))"
        if let edges = b.edges { said += ", its \(edges) following" }
        return said + (b.ewmh ? "" : " (configure requests)")
    }

    /// What the begin adds of the window's size ("" when it is as it was).
    static func how(_ how: FollowStart.How) -> String {
        switch how {
        case .asItIs: return ""
        case .unmaximized: return ", un-maximized"
        case .givenBack(let width, let height): return ", given back its \(width)x\(height) from before the snap"
        }
    }

    /// The window went away before anything was done: the begin's result.
    static func wentAway(_ w: WindowID) -> String { "\(name(w)) went away" }

    /// The end's log line: "window move: window 0x… at … (from …), 9 frames, 8 requests, answered …".
    static func ended(_ e: FollowMachine.Ended) -> String {
        var said = "window \(e.follow.rawValue): \(name(e.window))"
        if let at = e.at, let from = e.from { said += " at \(at) (from \(from))" }
        said += ", \(e.frames) frames, \(e.requests) requests"
        if let l = e.latency { said += ", answered \(ms(l.p50)) ms p50, \(ms(l.p95)) ms p95 after the frame (\(l.count))" }
        switch e.end {
        case .released: return said
        case .cancelled: return said + "; cancelled: left where the last frame put it"
        case .snapped(let edge, let monitor, let snapped):
            return said + "; ended at the \(edge == .maximize ? "top" : edge.rawValue) edge of monitor \(monitor): "
                + self.snapped(snapped)
        }
    }

    /// What a snap did: "480x1040+1440+0 (work area 960x1040+960+0); before: 300x200+100+100".
    static func snapped(_ s: SnapPlan.Snapped) -> String {
        switch s {
        case .restored(let unmaximized, let back):
            let said = (unmaximized ? ["un-maximized"] : []) + (back.map { ["back to \($0)"] } ?? [])
            return said.isEmpty ? "nothing to restore (not snapped or maximized)" : said.joined(separator: ", ")
        case .maximized(let area, let before): return "maximized (work area \(area)); before: \(before)"
        case .placed(let frame, let area, let before): return "\(frame) (work area \(area)); before: \(before)"
        }
    }

    /// A notice: the window closed during the gesture.
    static func closed(_ follow: WindowAction.Follow, _ w: WindowID) -> String {
        "window \(follow.rawValue): \(name(w)) closed during the gesture; the \(follow.rawValue) ends there"
    }

    /// A notice: the mover's connection went away with `count` windows following.
    static func connectionLost(_ count: Int) -> String {
        "the X connection of the window mover went away; \(count) window move(s) end"
    }

    /// Seconds as milliseconds with one decimal ("12.0").
    static func ms(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10_000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
