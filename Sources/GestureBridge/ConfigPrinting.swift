import GestureConfig
import GestureCore
import GestureTraces

// The trace library prints names and actions it is handed; a loaded config
// hands it its bindings' names and each action as the config writes it.

extension ReplayPrinter {
    public init(config: LoadedConfig, json: Bool, explain: Bool) {
        self.init(names: config.table.allBindings.map(\.name),
                  actions: { g in config.actions[g.binding].actions(for: g.phase, step: g.step).map(\.description) },
                  json: json, explain: explain)
    }
}

extension TraceSVG {
    public init(trace: Trace, effects: [Effect], config: LoadedConfig) {
        self.init(trace: trace, effects: effects, printer: ReplayPrinter(config: config, json: false, explain: true))
    }
}
