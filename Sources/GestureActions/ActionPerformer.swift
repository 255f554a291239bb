import struct GestureCore.Settings

/// Where a gesture is, for actions that aim at the screen: the touch point
/// (touchscreens: the fingers' centroid now; nil on touchpads, which have no
/// point on the screen) and how far the fingers have moved since the gesture
/// began (touchpads: the XI 2.4 swipe deltas summed, as X moves a one-finger
/// pointer).
public struct GesturePlace: Sendable {
    public var touch: (x: Double, y: Double)?
    public var translation: (x: Double, y: Double)

    public init(touch: (x: Double, y: Double)? = nil, translation: (x: Double, y: Double) = (0, 0)) {
        self.touch = touch
        self.translation = translation
    }
}

/// Performs actions: chords through the synthesizer, held keys and buttons in
/// their ledgers, commands detached, window-manager actions through EWMH.
public final class ActionPerformer {
    public let synthesizer: Synthesizer
    public private(set) var ledger = KeyLedger()
    public private(set) var buttons = ButtonLedger()
    /// Environment every command starts from (the daemon's own).
    public var baseEnvironment: [String: String]
    /// Called with what went wrong (the daemon logs it).
    public var onError: (String) -> Void = { _ in }
    /// Called with the route a window action took (the daemon logs it with --verbose).
    public var onNote: (String) -> Void = { _ in }
    /// Asks the window manager (EWMH); without one, window actions press
    /// their keymap chords.
    public var windowControl: WindowControl?
    /// How long a button held by a gesture stays held after the gesture ends,
    /// so the fingers can be placed again and go on with the same drag. The
    /// daemon sets the config's `drag-lock`; until then its default, defined
    /// once in `Settings`.
    public var dragLock: Double = Settings().dragLock
    /// Buttons whose gesture ended, released at `due` unless it begins again.
    private var locked: [(binding: Int, due: Double)] = []
    /// `move`: the translation already turned into pointer motion, per binding.
    private var moved: [Int: (x: Double, y: Double)] = [:]
    /// Bindings whose gesture a window follows (`window move`/`resize`).
    private var following: Set<Int> = []
    /// Where the bridge put the pointer last (a drag moves it from there, so
    /// no round trip to X per motion event).
    private var pointer: (x: Double, y: Double)? = nil

    public init(synthesizer: Synthesizer, baseEnvironment: [String: String]) {
        self.synthesizer = synthesizer
        self.baseEnvironment = baseEnvironment
    }

    /// Performs one action of `binding`; `gesture` is the GESTURE_* variables;
    /// `target`, where a window action is aimed; `place`, where the gesture is.
    public func perform(_ action: Action, binding: Int, gesture: [String: String], target: WindowTarget = WindowTarget(),
                        place: GesturePlace = GesturePlace(), now: Double = 0) {
        switch action {
        case .window(.follow(let f), _):
            let a = WindowAction.follow(f)
            switch windowControl?.beginFollow(f, binding: binding, target: target, place: place, now: now)
                ?? .unsupported("no window manager connection") {
            case .done(let what):
                following.insert(binding)
                onNote("\(a): \(what)")
            case .nothing(let why): onNote("\(a): nothing to do: \(why)")
            case .unsupported(let why): onError("\(a): \(why)")
            }
        case .window(let a, let fallback):
            let result = windowControl?.perform(a, target: target) ?? .unsupported("no window manager connection")
            switch result {
            case .done(let what): onNote("\(a): \(what)")
            case .nothing(let why): onNote("\(a): nothing to do: \(why)")
            case .unsupported(let why):
                if let chords = fallback, !chords.isEmpty {
                    onNote("\(a): \(why); pressing the keymap's \(chords.map(\.description).joined(separator: " "))")
                    for chord in chords { press(chord, binding: nil) }
                } else {
                    onError("\(a): \(why), and the keymap has no chord for it")
                }
            }
        case .key(let chords):
            for chord in chords { press(chord, binding: nil) }
        case .keyDown(let chord):
            // A key another binding already holds is down once in X: record the
            // hold, press nothing; it goes up when its last holder lets go.
            for k in chord.keysyms where ledger.holds(k) || synthesizer.key(k, down: true) { ledger.press(k, binding: binding) }
        case .keyUp(let chord):
            for k in chord.keysyms.reversed() where ledger.lift(k, binding: binding) { synthesizer.key(k, down: false) }
        case .button(let n, let here):
            if here { warp(to: place.touch) }
            synthesizer.button(n, down: true)
            synthesizer.button(n, down: false)
        case .buttonDown(let n, let here):
            // Held by this binding already (a drag going on through its
            // drag-lock): it stays down.
            guard !buttons.holds(n, binding: binding) else { return }
            if here { warp(to: place.touch) }
            if !buttons.holds(n) { synthesizer.button(n, down: true) }
            buttons.press(n, binding: binding)
        case .buttonUp(let n):
            if buttons.lift(n, binding: binding) { synthesizer.button(n, down: false) }
            if !buttons.bindings.contains(binding) { locked.removeAll { $0.binding == binding } }
        case .move:
            move(binding, place)
        case .exec(let command):
            var env = baseEnvironment
            for (k, v) in gesture { env[k] = v }
            if case .failure(let e) = Exec.spawn(command, environment: env) { onError(e.description) }
        case .none:
            break
        }
    }

    /// A chord: modifiers down, the key down and up, modifiers up. Keys the
    /// ledger holds stay held.
    private func press(_ chord: KeyChord, binding: Int?) {
        var pressed: [Keysym] = []
        for k in chord.keysyms where !ledger.holds(k) {
            if synthesizer.key(k, down: true) { pressed.append(k) }
        }
        for k in pressed.reversed() { synthesizer.key(k, down: false) }
    }

    // MARK: The pointer

    private func warp(to p: (x: Double, y: Double)?) {
        guard let p else { return }   // touchpads: where the pointer is
        synthesizer.warp(x: p.x, y: p.y)
        pointer = p
    }

    /// Touchscreens: the pointer follows the fingers' centroid. Touchpads: it
    /// moves by the swipe's deltas since the last move, from where it is.
    private func move(_ binding: Int, _ place: GesturePlace) {
        if let touch = place.touch {
            warp(to: touch)
            return
        }
        let last = moved[binding] ?? (0, 0)
        let dx = place.translation.x - last.x, dy = place.translation.y - last.y
        moved[binding] = place.translation
        guard dx != 0 || dy != 0 else { return }
        guard let from = pointer ?? synthesizer.pointerPosition() else { return }
        let to = (x: from.x + dx, y: from.y + dy)
        synthesizer.warp(x: to.x, y: to.y)
        pointer = to
    }

    // MARK: A gesture's life

    /// The gesture of `binding` began: its motion counts from here, and a
    /// button its last gesture left held in the drag-lock stays held (the
    /// same drag goes on).
    public func gestureBegan(binding: Int) {
        moved[binding] = nil
        locked.removeAll { $0.binding == binding }
        if buttons.isEmpty { pointer = nil }   // someone else may have moved it since
    }

    /// Whether a window follows `binding`'s gesture (its frames must come
    /// here even without `on-changed` actions).
    public func isFollowing(binding: Int) -> Bool { following.contains(binding) }

    /// A frame of `binding`'s gesture: a window following it goes there.
    public func gestureChanged(binding: Int, place: GesturePlace, now: Double) {
        guard following.contains(binding) else { return }
        windowControl?.follow(binding: binding, place: place, now: now)
    }

    /// The gesture of `binding` ended or was cancelled: its keys go up; its
    /// buttons go up at once when cancelled, else after the drag-lock; a
    /// window following it stops (where the gesture ended, snapping; or,
    /// cancelled, where the last frame put it).
    public func gestureFinished(binding: Int, cancelled: Bool = false, now: Double = 0, place: GesturePlace? = nil) {
        if following.remove(binding) != nil, let control = windowControl {
            if let what = control.endFollow(binding: binding, place: place ?? GesturePlace(), cancelled: cancelled, now: now) {
                onNote(what)
            }
        }
        for k in ledger.take(binding: binding) { synthesizer.key(k, down: false) }
        moved[binding] = nil
        if buttons.bindings.contains(binding) {
            if cancelled || dragLock <= 0 {
                releaseButtons(of: binding)
            } else {
                locked.removeAll { $0.binding == binding }
                locked.append((binding, now + dragLock))
            }
        }
    }

    /// When a drag-lock runs out (the daemon's poll waits no longer).
    public var nextDeadline: Double? {
        var lock: Double? = nil   // asked at every wakeup: no array made for it
        for l in locked { lock = min(lock ?? l.due, l.due) }
        guard let follow = windowControl?.followDeadline else { return lock }
        return min(lock ?? follow, follow)
    }

    /// Releases the buttons whose drag-lock ran out by `now`; sends a
    /// window's position held back for a window manager that was behind.
    public func advance(to now: Double) {
        if !following.isEmpty { windowControl?.advanceFollow(to: now) }
        let due = locked.filter { $0.due <= now }
        guard !due.isEmpty else { return }
        locked.removeAll { $0.due <= now }
        for l in due { releaseButtons(of: l.binding) }
    }

    private func releaseButtons(of binding: Int) {
        for n in buttons.take(binding: binding) { synthesizer.button(n, down: false) }
        locked.removeAll { $0.binding == binding }
    }

    /// Reload, exit, X error: every held key and button goes up.
    public func releaseAll() {
        // A window following a gesture stays where the last frame put it.
        for b in following.sorted() {
            if let what = windowControl?.endFollow(binding: b, place: GesturePlace(), cancelled: true, now: 0) { onNote(what) }
        }
        following.removeAll()
        for k in ledger.take(binding: nil) { synthesizer.key(k, down: false) }
        synthesizer.releasePressedAgain()
        for n in buttons.take(binding: nil) { synthesizer.button(n, down: false) }
        locked.removeAll()
        moved.removeAll()
        synthesizer.flush()
    }

    /// Nothing held: no key, no button.
    public var holdsNothing: Bool { ledger.isEmpty && buttons.isEmpty }

    /// Sends what was asked of the synthesizer. The daemon flushes its X
    /// connection itself, once per wakeup; tests and tools call this.
    public func flush() { synthesizer.flush() }
}
