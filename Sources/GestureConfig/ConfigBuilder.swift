import GestureActions
import GestureCore

/// Walks the TOML tree of a config: top-level keys, `[settings]`, `[[bind]]`,
/// `[[app]]` and `[[app.bind]]`. This file reads the top level and the app
/// scopes; each other part has a file of its own: `keymap`
/// (ConfigKeymapChoice.swift), `[settings]` (ConfigSettings.swift),
/// `[[device]]` (ConfigDeviceRules.swift), `[[bind]]` (ConfigBindings.swift),
/// what strokes drawn with a pointer button conflict with
/// (ConfigPointerStrokes.swift), shapes taught too alike (ConfigAlikeShapes.swift),
/// and the bindings `touchegg-protocol` adds (ConfigForwarding.swift).
struct ConfigBuilder {
    let loader: ConfigLoader
    var context: Context
    var table = GestureTable()
    var actions: [BindingActions] = []
    var scopes: [String] = []
    var keymap: Keymap? = nil
    /// Bindings switched off (`enabled = false`): checked, not in the table.
    var disabled: [DisabledBinding] = []
    /// By BindingID: the binding's place in the file (`bind#0`,
    /// `app#1.bind#2`), for diagnostics about two bindings at once.
    var paths: [String] = []

    static let rootKeys = ["version", "keymap", "including", "settings", "device", "bind", "app"]
    static let appKeys = ["class", "including", "bind"]

    init(loader: ConfigLoader, context: Context) {
        self.loader = loader
        self.context = context
        // Before [settings] and [[device]] copy the settings: every copy has the shapes.
        table.settings.strokes = loader.strokes
    }

    mutating func read(_ root: TOMLTable) {
        for key in root.keys where !Self.rootKeys.contains(key) {
            context.report(key, Words("unknown key '{key}'{hint}; expected {keys}",
                                      ["key": key, "hint": Suggest.words(key, Self.rootKeys), "keys": Self.rootKeys.joined(separator: ", ")]),
                           key: true)
        }
        if let v = root["version"] {
            if v.int != 1 {
                context.report("version", v.int != nil ? Words("unsupported config version {version}; this reads version 1", ["version": "\(v.int!)"])
                                                       : Words("'version' takes the integer 1, e.g. version = 1"))
            }
        }
        readKeymap(root["keymap"])
        if let v = root["including"] { table.including = mask(v, "including") ?? .all }
        if let v = root["settings"] { readSettings(v) }
        if let v = root["device"] { readDevices(v) }
        // Desktop bindings first, then each app scope's: the order of BindingIDs.
        if let v = root["bind"] {
            table.desktop = bindings(v, path: "bind", scope: "desktop")
        }
        if let v = root["app"] {
            guard let apps = v.array else {
                return context.report("app", Words("'app' must be an array of tables: [[app]]"))
            }
            for (i, a) in apps.enumerated() {
                let path = "app#\(i)"
                guard let t = a.table else { context.report(path, Words("each [[app]] must be a table")); continue }
                for key in t.keys where !Self.appKeys.contains(key) {
                    context.report(path + "." + key, Words("unknown key '{key}' in [[app]]{hint}; expected class, including and [[app.bind]]",
                                                           ["key": key, "hint": Suggest.words(key, Self.appKeys)]), key: true)
                }
                guard let cls = t["class"]?.string, !cls.isEmpty else {
                    if let v = t["class"] {
                        context.report(path + ".class", Words("'class' takes a glob of WM_CLASS names, e.g. class = \"firefox\", not {type}", ["type": v.typeName]))
                    } else {
                        context.reportTable(path, Words("[[app]] needs a class: a glob of WM_CLASS names, e.g. class = \"firefox\""))
                    }
                    continue
                }
                let including = t["including"].flatMap { mask($0, path + ".including") } ?? .all
                let bs = t["bind"].map { bindings($0, path: path + ".bind", scope: cls) } ?? []
                table.apps.append(AppScope(classGlob: cls, including: including, bindings: bs))
            }
        }
        checkPointerStrokes()
        checkAlikeShapes()
        if table.settings.toucheggProtocol { addForwarding() }
    }

    private mutating func mask(_ v: TOMLNode, _ path: String) -> GestureMask? {
        guard let s = v.string, let m = GestureMask(rawValue: s) else {
            context.report(path, Words("'including' takes all, gesture, subviews or none; got {value}", ["value": v.got]))
            return nil
        }
        return m
    }
}
