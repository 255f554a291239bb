import GestureCore
/// What the window manager is asked to do through EWMH, the way pagers and
/// touchegg ask it: client messages on the root window, which every EWMH
/// window manager honours whatever its key bindings.
public enum WindowAction: Hashable, Sendable, CustomStringConvertible {
    public enum Workspace: Hashable, Sendable {
        /// Along the workspaces' order (`_NET_CURRENT_DESKTOP` ± 1), no wrap-around.
        case next, previous
        /// In the grid `_NET_DESKTOP_LAYOUT` describes (one row when the WM publishes none).
        case left, right, up, down
        /// The Nth workspace, 1-based as desktops show them.
        case number(Int)
    }

    public enum Window: String, Hashable, Sendable, CaseIterable {
        /// `_NET_CLOSE_WINDOW`.
        case close
        /// Toggles `_NET_WM_STATE_MAXIMIZED_VERT` and `_HORZ` together.
        case maximize
        /// `WM_CHANGE_STATE` IconicState (ICCCM: EWMH has no minimize message).
        case minimize
        /// Toggles `_NET_WM_STATE_FULLSCREEN`.
        case fullscreen
        /// `_NET_ACTIVE_WINDOW`: raise and focus it.
        case activate
    }

    /// `window move`, `window resize`: the window follows the gesture from
    /// its `on-began` until it ends or is cancelled.
    public enum Follow: String, Hashable, Sendable, CaseIterable {
        case move, resize
    }

    /// `window snap …`: a half of the monitor's work area, the whole of it
    /// (maximized), or the geometry the window had before (`restore`).
    public enum Snap: String, Hashable, Sendable, CaseIterable {
        case left, right, top, bottom, maximize, restore
    }

    /// `workspace next|previous|left|right|up|down|N`.
    case workspace(Workspace)
    /// `show-desktop`: toggles `_NET_SHOWING_DESKTOP`.
    case showDesktop
    /// `window close|maximize|minimize|fullscreen|activate`: the window under
    /// the gesture (touchscreens), else the active window.
    case window(Window)
    /// `window move`, `window resize` (`on-began` of a drag).
    case follow(Follow)
    /// `window snap left|right|top|bottom|maximize|restore`.
    case snap(Snap)

    public var description: String {
        switch self {
        case .workspace(let w):
            switch w {
            case .next: return "workspace next"
            case .previous: return "workspace previous"
            case .left: return "workspace left"
            case .right: return "workspace right"
            case .up: return "workspace up"
            case .down: return "workspace down"
            case .number(let n): return "workspace \(n)"
            }
        case .showDesktop: return "show-desktop"
        case .window(let w): return "window \(w.rawValue)"
        case .follow(let f): return "window \(f.rawValue)"
        case .snap(let s): return "window snap \(s.rawValue)"
        }
    }

    /// The keymap name whose chord does the same, for window managers that do
    /// not advertise the EWMH hint this needs.
    public var keymapFallback: String? {
        switch self {
        case .workspace(.next), .workspace(.right): return "workspace-next"
        case .workspace(.previous), .workspace(.left): return "workspace-previous"
        case .workspace(.up): return "workspace-up"
        case .workspace(.down): return "workspace-down"
        case .workspace(.number): return nil
        case .showDesktop: return "show-desktop"
        case .window(.close): return "close-window"
        case .window(.maximize): return "maximize"
        case .window(.minimize): return "minimize"
        case .window(.fullscreen): return "fullscreen"
        case .window(.activate): return nil
        case .follow: return nil   // its own fallback: a configure request (WindowMover)
        case .snap(.left): return "tile-left"
        case .snap(.right): return "tile-right"
        case .snap(.maximize): return "maximize"
        case .snap(.top), .snap(.bottom), .snap(.restore): return nil
        }
    }

    /// The `_NET_SUPPORTED` atoms the window manager must list for the EWMH route.
    public var requiredHints: [String] {
        switch self {
        case .workspace: return ["_NET_CURRENT_DESKTOP", "_NET_NUMBER_OF_DESKTOPS"]
        case .showDesktop: return ["_NET_SHOWING_DESKTOP"]
        case .window(.close): return ["_NET_CLOSE_WINDOW"]
        case .window(.maximize): return ["_NET_WM_STATE", "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ"]
        case .window(.minimize): return []   // ICCCM, every WM
        case .window(.fullscreen): return ["_NET_WM_STATE", "_NET_WM_STATE_FULLSCREEN"]
        case .window(.activate): return ["_NET_ACTIVE_WINDOW"]
        case .follow: return []   // without _NET_MOVERESIZE_WINDOW: XMoveResizeWindow, said in the log
        case .snap(.maximize): return ["_NET_WM_STATE", "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ"]
        case .snap(.restore): return []
        case .snap: return ["_NET_MOVERESIZE_WINDOW"]
        }
    }

    /// Parses the words after the verb (`workspace`, `show-desktop`, `window`).
    static func parse(verb: String, _ args: [ActionParser.Word], verbOffset: Int, textLength: Int) -> Result<WindowAction, ActionError> {
        func error(_ words: Words) -> Result<WindowAction, ActionError> {
            let at = args.first?.offset ?? verbOffset
            return .failure(ActionError(offset: at, length: max(1, textLength - at), words))
        }
        switch verb {
        case "show-desktop":
            return args.isEmpty ? .success(.showDesktop) : error(Words("'show-desktop' takes nothing after it"))
        case "workspace":
            let usage = Words("'workspace' takes one of next, previous, left, right, up, down or a number from 1, e.g. workspace next")
            guard args.count == 1 else { return error(usage) }
            switch args[0].text.lowercased() {
            case "next": return .success(.workspace(.next))
            case "previous", "prev": return .success(.workspace(.previous))
            case "left": return .success(.workspace(.left))
            case "right": return .success(.workspace(.right))
            case "up": return .success(.workspace(.up))
            case "down": return .success(.workspace(.down))
            default:
                guard let n = Int(args[0].text), (1...1000).contains(n) else { return error(usage) }
                return .success(.workspace(.number(n)))
            }
        default:   // window
            let names = Window.allCases.map(\.rawValue) + Follow.allCases.map(\.rawValue) + ["snap"]
            if let first = args.first?.text.lowercased() {
                if let f = Follow(rawValue: first) {
                    return args.count == 1 ? .success(.follow(f))
                        : .failure(ActionError(offset: args[1].offset, length: max(1, textLength - args[1].offset),
                                               Words("'window {action}' takes nothing after it: the window follows the gesture", ["action": f.rawValue])))
                }
                if first == "snap" {
                    let snaps = Snap.allCases.map(\.rawValue)
                    if args.count > 2, let s = Snap(rawValue: args[1].text.lowercased()) {
                        return .failure(ActionError(offset: args[2].offset, length: max(1, textLength - args[2].offset),
                                                    Words("'window snap {side}' takes nothing after it", ["side": s.rawValue])))
                    }
                    guard args.count == 2, let s = Snap(rawValue: args[1].text.lowercased()) else {
                        let word = args.count > 1 ? args[1] : args[0]
                        let hint = args.count > 1 ? Suggest.words(args[1].text, snaps) : Words.none
                        return .failure(ActionError(offset: word.offset, length: max(1, textLength - word.offset),
                                                    Words("'window snap' takes one of {sides}{hint}, e.g. window snap left", ["sides": snaps.joined(separator: ", "), "hint": hint])))
                    }
                    return .success(.snap(s))
                }
            }
            guard args.count == 1, let w = Window(rawValue: args[0].text.lowercased()) else {
                let hint = args.first.map { Suggest.words($0.text, names) } ?? Words.none
                return error(Words("'window' takes one of {actions}{hint}, e.g. window maximize, window snap left",
                                   ["actions": names.joined(separator: ", "), "hint": hint]))
            }
            return .success(.window(w))
        }
    }
}

/// Where a window action is aimed: the gesture's location on the screen
/// (touchscreens) or nowhere (touchpads: the active window), and the X time of
/// the input that made it (EWMH wants the user's timestamp).
public struct WindowTarget: Hashable, Sendable {
    public var x: Double?
    public var y: Double?
    public init(x: Double? = nil, y: Double? = nil) {
        self.x = x
        self.y = y
    }
}

/// What asks the window manager (EWMH client messages in the daemon; a
/// recorder in tests).
public protocol WindowControl: AnyObject {
    /// Performs it, or says why not: `.unsupported` makes the performer press
    /// the keymap's chord instead.
    func perform(_ action: WindowAction, target: WindowTarget) -> WindowResult

    /// `window move` / `window resize` on a gesture's `on-began`: the window
    /// there (touchscreens) or the active one starts following `binding`'s
    /// gesture, at performer time `now`.
    func beginFollow(_ follow: WindowAction.Follow, binding: Int, target: WindowTarget, place: GesturePlace,
                     now: Double) -> WindowResult
    /// A frame of the gesture: the window goes where the fingers are now
    /// (asked at most once per frame; later if the window manager is behind).
    func follow(binding: Int, place: GesturePlace, now: Double)
    /// The gesture ended (snapping by where it ended) or was cancelled (the
    /// window stays where the last frame put it). What happened, for the log.
    func endFollow(binding: Int, place: GesturePlace, cancelled: Bool, now: Double) -> String?
    /// When a request held back for a window manager that is behind is
    /// due to be looked at again.
    var followDeadline: Double? { get }
    /// Sends what is due at `now` (the daemon calls it every wakeup).
    func advanceFollow(to now: Double)
}

/// Window controls that cannot follow (recorders in tests, the keymap-only route).
extension WindowControl {
    public func beginFollow(_ follow: WindowAction.Follow, binding: Int, target: WindowTarget, place: GesturePlace,
                            now: Double) -> WindowResult {
        .unsupported("this window control cannot move windows")
    }
    public func follow(binding: Int, place: GesturePlace, now: Double) {}
    public func endFollow(binding: Int, place: GesturePlace, cancelled: Bool, now: Double) -> String? { nil }
    public var followDeadline: Double? { nil }
    public func advanceFollow(to now: Double) {}
}

public enum WindowResult: Hashable, Sendable {
    /// Sent.
    case done(String)
    /// Nothing to do (the last workspace, no window there): said with --verbose.
    case nothing(String)
    /// The window manager does not advertise what this needs.
    case unsupported(String)
}
