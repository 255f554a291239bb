import CX11
import GestureActions

/// Keys and buttons through XTest, for any keysym in the current layout: the
/// keycode from XKeysymToKeycode, Shift or AltGr added when the keysym sits on
/// a higher level (`plus` is Shift+equal on a US layout). A keysym the layout
/// lacks is put on a spare keycode (one with no keysyms) for the press, and
/// the spare is restored a few ms later (`restoreDeadline`), once clients
/// have looked the keycode up. It keeps no clock: the daemon's wakeup time
/// comes in through `restoreIfDue(now:)`.
public final class XTestSynthesizer: Synthesizer {
    public let connection: XConnection
    /// How long a borrowed keycode keeps its keysym after use.
    public static let restoreDelay = 0.005

    /// keysym value → (keycode, level): the layout as last read.
    private var cache: [UInt32: (KeyCode, Int)] = [:]
    /// A keycode lent to a keysym the layout lacks, until `restoreDeadline`.
    public private(set) var borrowed: (keycode: KeyCode, keysym: UInt32)? = nil
    public private(set) var restoreDeadline: Double? = nil
    /// The borrowed keycode was used since the last `restoreIfDue`: its
    /// `restoreDelay` runs from that wakeup.
    private var borrowedUsed = false

    /// XTEST's request code: errors with it come from our own key and button requests.
    public let requestCode: UInt8
    /// XTest's own keyboard (the slave device its key events come from).
    public let xtestKeyboard: Int32?
    /// Of the keys `releaseHeld` just released, those a hand holds on
    /// another keyboard.
    private var heldByHand: Set<KeyCode> = []
    /// Keys pressed again for a hand that still holds them (`pressAgain`).
    public private(set) var pressedForHand: Set<KeyCode> = []
    /// Keys are pressed again for a hand: the listener must follow key
    /// releases meanwhile (the daemon tells it after each wakeup's actions).
    public var holdsKeysForHand: Bool { !pressedForHand.isEmpty }

    public init(connection: XConnection) {
        self.connection = connection
        var opcode: Int32 = 0, ev: Int32 = 0, err: Int32 = 0
        _ = XQueryExtension(connection.display, "XTEST", &opcode, &ev, &err)
        requestCode = UInt8(truncatingIfNeeded: opcode)
        xtestKeyboard = Self.xtestKeyboard(connection)
        // Fetch the core and XKB keymaps now (round trips), not on the first gesture.
        let shift = XKeysymToKeycode(connection.display, KeySym(0xffe1))
        _ = XkbKeycodeToKeysym(connection.display, shift, 0, 0)
    }

    /// The keyboard mapping changed (MappingNotify): forget what was looked up.
    public func layoutChanged() { cache.removeAll() }

    @discardableResult
    public func key(_ keysym: Keysym, down: Bool) -> Bool {
        guard connection.alive, let (code, level) = keycode(for: keysym.value) else { return false }
        let d = connection.display
        // Shift / AltGr for higher levels, only around the press itself.
        let shift: KeySym = level % 2 == 1 ? KeySym(0xffe1) : 0          // Shift_L
        let altgr: KeySym = level >= 2 ? KeySym(0xfe03) : 0              // ISO_Level3_Shift
        if down {
            for m in [shift, altgr] where m != 0 { fake(m, true) }
            XTestFakeKeyEvent(d, UInt32(code), 1, 0)
            for m in [altgr, shift] where m != 0 { fake(m, false) }
        } else {
            XTestFakeKeyEvent(d, UInt32(code), 0, 0)
        }
        if borrowed?.keycode == code { borrowedUsed = true }
        return true
    }

    public func button(_ n: Int, down: Bool) {
        guard connection.alive else { return }
        XTestFakeButtonEvent(connection.display, UInt32(n), down ? 1 : 0, 0)
    }

    public func warp(x: Double, y: Double) {
        guard connection.alive else { return }
        // Absolute: X applies no pointer acceleration to it (the motion it
        // carries was accelerated once already, by libinput).
        XTestFakeMotionEvent(connection.display, -1, Int32(x.rounded()), Int32(y.rounded()), 0)
    }

    public func pointerPosition() -> (x: Double, y: Double)? {
        guard connection.alive else { return nil }
        var root: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(connection.display, connection.root, &root, &child, &rx, &ry, &wx, &wy, &mask) != 0 else { return nil }
        return (Double(rx), Double(ry))
    }

    /// X's keyboard state is every keyboard's (XQueryKeymap): a modifier the
    /// user holds on their own keyboard is released through XTest's, and the
    /// chord goes out without it.
    public func releaseHeld(_ keysyms: [Keysym]) -> [Keysym] {
        guard connection.alive, !keysyms.isEmpty else { return [] }
        let d = connection.display
        var keys = [CChar](repeating: 0, count: 32)
        XQueryKeymap(d, &keys)
        var released: [Keysym] = []
        var codes: Set<KeyCode> = []
        heldByHand.removeAll()
        for k in keysyms {
            let code = XKeysymToKeycode(d, KeySym(k.value))
            guard code != 0, UInt8(bitPattern: keys[Int(code) / 8]) & (1 << (code % 8)) != 0,
                  codes.insert(code).inserted else { continue }
            // Held on another keyboard than XTest's (a hand on a real one).
            if let xtest = xtestKeyboard, cx_device_key_down(d, XID(xtest), Int32(code)) == 0 { heldByHand.insert(code) }
            XTestFakeKeyEvent(d, UInt32(code), 0, 0)
            released.append(k)
        }
                return released
    }

    /// Pressed again through XTest. A key a hand holds on its own keyboard
    /// is then down on XTest's keyboard too, and would stay down there when
    /// the hand lets go (the master keyboard's state goes up with the hand,
    /// XTest's would not: its next press of that key would be swallowed, a
    /// stuck key in hiding). Such keys are let go of through XTest when the
    /// hand releases them (`handReleased`), or at exit.
    public func pressAgain(_ keysyms: [Keysym]) {
        for k in keysyms where key(k, down: true) {
            let code = XKeysymToKeycode(connection.display, KeySym(k.value))
            if heldByHand.contains(code) { pressedForHand.insert(code) }
        }
        heldByHand.removeAll()
    }

    /// A key released on some keyboard (`source`: the slave device): one
    /// pressed again for that hand is let go of on XTest's keyboard too.
    public func handReleased(keycode: UInt32, source: Int32) {
        guard pressedForHand.remove(KeyCode(truncatingIfNeeded: keycode)) != nil else { return }
        if source != xtestKeyboard, connection.alive {
            XTestFakeKeyEvent(connection.display, keycode, 0, 0)
        }
    }

    public func releasePressedAgain() {
        guard !pressedForHand.isEmpty else { return }
        if connection.alive {
            for code in pressedForHand { XTestFakeKeyEvent(connection.display, UInt32(code), 0, 0) }
        }
        pressedForHand.removeAll()
    }

    /// The slave keyboard XTest's key events come from ("Virtual core XTEST
    /// keyboard", attached to the master keyboard).
    static func xtestKeyboard(_ c: XConnection) -> Int32? {
        var n: Int32 = 0
        guard c.alive, let infos = XIQueryDevice(c.display, XIAllDevices, &n) else { return nil }
        defer { XIFreeDeviceInfo(infos) }
        for i in 0..<Int(n) where infos[i].use == XISlaveKeyboard {
            if String(cString: infos[i].name).hasSuffix("XTEST keyboard") { return infos[i].deviceid }
        }
        return nil
    }

    /// Sends what the keys and buttons queued (nothing to send: no call).
    public func flush() { connection.flush() }

    /// Gives the borrowed keycode back its empty mapping, once due: called
    /// at each wakeup after the actions, `now` being the wakeup's time (a
    /// use of the keycode in it puts the restore `restoreDelay` after it).
    public func restoreIfDue(now: Double) {
        if borrowedUsed {
            borrowedUsed = false
            restoreDeadline = now + Self.restoreDelay
        }
        guard let due = restoreDeadline, now >= due else { return }
        restore()
    }

    /// Gives the borrowed keycode back at once (exit, reload).
    public func restore() {
        guard let b = borrowed else { return }
        if connection.alive {
            var none: [KeySym] = [0]
            XChangeKeyboardMapping(connection.display, Int32(b.keycode), 1, &none, 1)
            connection.flush()
        }
        cache[b.keysym] = nil
        borrowed = nil
        restoreDeadline = nil
        borrowedUsed = false
    }

    private func fake(_ keysym: KeySym, _ down: Bool) {
        let code = XKeysymToKeycode(connection.display, keysym)
        if code != 0 { XTestFakeKeyEvent(connection.display, UInt32(code), down ? 1 : 0, 0) }
    }

    /// Where `keysym` is on the keyboard: (keycode, shift level 0-3).
    func keycode(for keysym: UInt32) -> (KeyCode, Int)? {
        // NoSymbol first: XKeysymToKeycode(0) answers with a real keycode.
        guard keysym != 0 else { return nil }
        if let hit = cache[keysym] { return hit }
        let d = connection.display
        let code = XKeysymToKeycode(d, KeySym(keysym))
        if code != 0 {
            for level in 0..<4 where XkbKeycodeToKeysym(d, code, 0, Int32(level)) == KeySym(keysym) {
                cache[keysym] = (code, level)
                return (code, level)
            }
            cache[keysym] = (code, 0)
            return (code, 0)
        }
        return borrow(for: keysym)
    }

    /// Maps `keysym` onto a keycode that has no keysyms.
    private func borrow(for keysym: UInt32) -> (KeyCode, Int)? {
        if let b = borrowed, b.keysym != keysym { restore() }
        let d = connection.display
        var minCode: Int32 = 0, maxCode: Int32 = 0
        XDisplayKeycodes(d, &minCode, &maxCode)
        var perCode: Int32 = 0
        guard let map = XGetKeyboardMapping(d, KeyCode(minCode), maxCode - minCode + 1, &perCode) else { return nil }
        defer { XFree(map) }
        var spare: KeyCode? = nil
        // From the top: low keycodes are real keys on some layouts.
        for code in stride(from: maxCode, through: minCode, by: -1) {
            let base = Int(code - minCode) * Int(perCode)
            if (0..<Int(perCode)).allSatisfy({ map[base + $0] == 0 }) { spare = KeyCode(code); break }
        }
        guard let spare else { return nil }
        var syms: [KeySym] = [KeySym(keysym), KeySym(keysym)]
        XChangeKeyboardMapping(d, Int32(spare), 2, &syms, 1)
        XSync(d, 0)
        borrowed = (spare, keysym)
        cache[keysym] = (spare, 0)
        return (spare, 0)
    }
}
