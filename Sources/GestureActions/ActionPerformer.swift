/// Performs actions: chords through the synthesizer, held keys in the ledger,
/// commands detached.
public final class ActionPerformer {
    public let synthesizer: Synthesizer
    public private(set) var ledger = KeyLedger()
    /// Environment every command starts from (the daemon's own).
    public var baseEnvironment: [String: String]
    /// Called with what went wrong (the daemon logs it).
    public var onError: (String) -> Void = { _ in }
    /// Called with the route a window action took (the daemon logs it with --verbose).
    public var onNote: (String) -> Void = { _ in }
    /// Asks the window manager (EWMH); without one, window actions press
    /// their keymap chords.
    public var windowControl: WindowControl?

    public init(synthesizer: Synthesizer, baseEnvironment: [String: String]) {
        self.synthesizer = synthesizer
        self.baseEnvironment = baseEnvironment
    }

    /// Performs one action of `binding`; `gesture` is the GESTURE_* variables;
    /// `target`, where a window action is aimed.
    public func perform(_ action: Action, binding: Int, gesture: [String: String], target: WindowTarget = WindowTarget()) {
        switch action {
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
        case .button(let n):
            synthesizer.button(n, down: true)
            synthesizer.button(n, down: false)
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

    /// The gesture of `binding` ended or was cancelled: what it still holds goes up.
    public func gestureFinished(binding: Int) {
        for k in ledger.take(binding: binding) { synthesizer.key(k, down: false) }
        synthesizer.flush()
    }

    /// Reload, exit, X error: every held key goes up.
    public func releaseAll() {
        for k in ledger.take(binding: nil) { synthesizer.key(k, down: false) }
        synthesizer.flush()
    }

    public func flush() { synthesizer.flush() }
}
