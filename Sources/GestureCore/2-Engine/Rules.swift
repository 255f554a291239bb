// What the engine compiled from its table, read by every device's attempts.
// Immutable: a window change (scopes in effect), a screen change (thresholds)
// or `explain` makes new rules; nothing per input does.

final class Rules: Sendable {
    /// By BindingID.
    let contenders: [Contender]
    /// By BindingID: the devices each binding is for.
    let devices: [DeviceFilter]
    /// By BindingID: each binding's recognizers in their initial state. An
    /// attempt copies them once, then resets its own in place.
    let templates: [RecognizerTree]
    let thresholds: Thresholds
    /// Counts template rebuilds: an attempt whose trees came from older
    /// templates (older thresholds) is not kept for reuse.
    let generation: Int
    /// Per app scope: its bindings take part for the window now (masks and
    /// WM_CLASS match), worked out when the window changes, not per attempt.
    let scopesInEffect: [Bool]
    /// The desktop scope's own bindings take part (its mask).
    let desktopInEffect: Bool
    let explain: Bool

    /// `generation`: past that of any rules whose attempts may still run
    /// on the lanes these are for (a screen or device change mid-attempt).
    convenience init(_ table: GestureTable, pxPerMM: Double, generation: Int = 0) {
        let thresholds = Thresholds(table.settings, pxPerMM: pxPerMM)
        var contenders: [Contender] = []
        for b in table.desktop {
            let rank = b.yields ? Self.yieldingRank * 2 : Self.rank(b, parent: true)
            contenders.append(Contender(b, id: contenders.count, scope: -1, rank: rank))
        }
        for (i, app) in table.apps.enumerated() {
            for b in app.bindings {
                contenders.append(Contender(b, id: contenders.count, scope: i, rank: Self.rank(b, parent: false)))
            }
        }
        // A stroke drawn with a pointer button is the daemon's, never the
        // touch engine's (PointerStrokeScope.swift): it joins no attempt.
        self.init(contenders: contenders, devices: table.allBindings.map { $0.gesture.pointerButton == nil ? $0.device : Self.noTouchDevice },
                  templates: Self.templates(table, thresholds), thresholds: thresholds,
                  generation: generation, scopesInEffect: Self.scopesInEffect(table, .desktop),
                  desktopInEffect: table.including.includesOwn, explain: false)
    }

    private init(contenders: [Contender], devices: [DeviceFilter], templates: [RecognizerTree], thresholds: Thresholds,
                 generation: Int, scopesInEffect: [Bool], desktopInEffect: Bool, explain: Bool) {
        self.contenders = contenders
        self.devices = devices
        self.templates = templates
        self.thresholds = thresholds
        self.generation = generation
        self.scopesInEffect = scopesInEffect
        self.desktopInEffect = desktopInEffect
        self.explain = explain
    }

    private static func templates(_ table: GestureTable, _ thresholds: Thresholds) -> [RecognizerTree] {
        // Stroke gestures get the shapes taught (and the memo their
        // recognizers share) in their spec; without strokes, nothing.
        let taught = table.allBindings.contains { !$0.gesture.strokeShapes.isEmpty } ? StrokeContext(table.settings.strokes) : nil
        return table.allBindings.map { RecognizerTree(taught.map($0.gesture.teaching) ?? $0.gesture, thresholds) }
    }

    private static func scopesInEffect(_ table: GestureTable, _ w: WindowContext) -> [Bool] {
        table.apps.map { table.including.includesChildren && $0.including.includesOwn && $0.matches(w) }
    }

    /// SwiftUI's order between a parent (desktop) and a child (app) scope:
    /// parent `.highPriorityGesture` > child `.highPriorityGesture` > child
    /// `.gesture` > parent `.gesture`. Simultaneous bindings are not ranked.
    static func rank(_ p: Priority, parent: Bool) -> Int {
        switch (p, parent) {
        case (.high, true): return 5
        case (.high, false): return 4
        case (.normal, false): return 3
        case (.normal, true): return 2
        case (.simultaneous, _): return 0
        }
    }

    /// What a pointer stroke is bound to for the touch engine: a USB id no
    /// device has (X's `Device Product ID` of 0:0 is read as none), so it takes part in no attempt at
    /// the cost every binding already pays (`takesPart`).
    static let noTouchDevice = DeviceFilter.usb(vendor: 0, product: 0)

    /// A binding that `yields`: under every ranked one.
    static let yieldingRank = 1

    /// The arena's rank: SwiftUI's order, and within one place of it a
    /// layer (a binding with `modifiers`, which takes part only with them
    /// held) before a binding for any modifiers: the more specific wins, so
    /// Alt+swipe is the layer's and never also the plain swipe's.
    static func rank(_ b: Binding, parent: Bool) -> Int {
        b.priority == .simultaneous ? 0 : rank(b.priority, parent: parent) * 2 + (b.modifiers == nil ? 0 : 1)
    }

    /// For the window now under the touch: which app scopes take part.
    func window(_ w: WindowContext, _ table: GestureTable) -> Rules {
        changing(scopesInEffect: Self.scopesInEffect(table, w))
    }

    /// For a screen of another density: thresholds in px, and the
    /// recognizers built from them, are new.
    func screen(pxPerMM: Double, _ table: GestureTable) -> Rules {
        let thresholds = Thresholds(table.settings, pxPerMM: pxPerMM)
        return changing(templates: Self.templates(table, thresholds), thresholds: thresholds, generation: generation + 1)
    }

    func explaining(_ on: Bool) -> Rules { changing(explain: on) }

    /// These rules with some parts new.
    private func changing(templates: [RecognizerTree]? = nil, thresholds: Thresholds? = nil, generation: Int? = nil,
                          scopesInEffect: [Bool]? = nil, explain: Bool? = nil) -> Rules {
        Rules(contenders: contenders, devices: devices, templates: templates ?? self.templates, thresholds: thresholds ?? self.thresholds,
              generation: generation ?? self.generation, scopesInEffect: scopesInEffect ?? self.scopesInEffect,
              desktopInEffect: desktopInEffect, explain: explain ?? self.explain)
    }

    /// A binding takes part in an attempt of this device, for the window
    /// now and the modifiers held when it starts.
    @inline(__always)
    func takesPart(_ c: Contender, _ device: borrowing Device, _ held: Modifiers) -> Bool {
        devices[c.id].accepts(device) && (c.scope < 0 ? desktopInEffect : scopesInEffect[c.scope])
            && (c.modifiers == nil || c.modifiers == held)
    }
}
