// What the X side needs of the table to run strokes drawn with a pointer
// button held (`stroke("L", button: 3)`, issue 58), outside the engine: the
// touch engine never sees a pointer, so these are pure functions of the
// table, called by the daemon once per press, never per touch event.

extension GestureSpec {
    /// The pointer button a bare `stroke(..., button: N)` is drawn with;
    /// nil for every other gesture (a finger stroke, a composition).
    public var pointerButton: Int? {
        if case .stroke(let s) = self { return s.button }
        return nil
    }
}

extension GestureTable {
    /// By BindingID: whether the binding takes part over a window of this
    /// application, by the same masks and WM_CLASS globs the engine reads
    /// (`Rules.scopesInEffect`).
    public func inEffect(over window: WindowContext) -> [Bool] {
        let desktopOwn = including.includesOwn
        var out = desktop.map { _ in desktopOwn }
        for app in apps {
            let on = including.includesChildren && app.including.includesOwn && app.matches(window)
            out += app.bindings.map { _ in on }
        }
        return out
    }

    /// By BindingID: the arena's rank (SwiftUI's order between the desktop
    /// and an application, a layer before a binding for any modifiers):
    /// between bindings that both want a drawing, the higher wins.
    public var ranks: [Int] {
        desktop.map { $0.yields ? Rules.yieldingRank * 2 : Rules.rank($0, parent: true) }
            + apps.flatMap { $0.bindings.map { Rules.rank($0, parent: false) } }
    }
}

extension DeviceFilter {
    /// Whether a binding for these devices is for this pointer (a mouse, a
    /// trackball, a pen: X's slave pointers, whatever their kind): `any`,
    /// its name's glob, its USB ids, or its kind when one is named.
    public func acceptsPointer(_ device: Device) -> Bool {
        switch self {
        case .any: return true
        case .touchscreen: return device.kind == .touchscreen
        case .touchpad: return device.kind == .touchpad
        case .named(let glob): return Glob.matches(glob, device.name)
        case .usb(let v, let p): return device.usb?.vendor == v && device.usb?.product == p
        }
    }
}
