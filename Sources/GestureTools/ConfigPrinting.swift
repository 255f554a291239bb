import GestureActions
import GestureConfig
import GestureCore
import GestureTraces

// The trace library prints what a table's bindings did and the actions it
// is handed; a loaded config hands it its table and each action as it writes it.

extension ReplayPrinter {
    public init(config: LoadedConfig, json: Bool, explain: Bool) {
        self.init(table: config.table, json: json, explain: explain) { g in
            config.actions[g.binding].actions(for: g.phase, step: g.step).map(\.description)
                + Self.followEnd(g, config.actions[g.binding])
        }
    }

    /// A window following the gesture (`window move`/`resize` on began):
    /// where its end leaves it, which the daemon does with no action written.
    static func followEnd(_ g: GestureEvent, _ actions: BindingActions) -> [String] {
        guard g.phase == .ended || g.phase == .cancelled,
              let follow = actions.began.lazy.compactMap({ a -> WindowAction.Follow? in
                  if case .window(.follow(let f), _) = a { return f } else { return nil }
              }).first else { return [] }
        if g.phase == .cancelled { return ["window \(follow.rawValue) stops where the last frame put the window"] }
        func signed(_ v: Double) -> String { (v >= 0 ? "+" : "") + ReplayPrinter.fixed(v, places: 0) }
        let by = "(\(signed(g.value.translation.x)), \(signed(g.value.translation.y)))"
        return ["window \(follow.rawValue) ends: the window \(follow == .move ? "moved" : "resized") by the fingers' \(by)"]
    }
}

extension TraceSVG {
    public init(trace: Trace, effects: [Effect], config: LoadedConfig) {
        self.init(trace: trace, effects: effects, printer: ReplayPrinter(config: config, json: false, explain: true))
    }
}
