import GestureCore
import GestureActions

/// `keymap = …`: the keymap the actions' names are read with.
extension ConfigBuilder {
    mutating func readKeymap(_ v: TOMLNode?) {
        let requested: String
        if let v {
            guard let s = v.string else {
                return context.report("keymap", Words("'keymap' takes a name, \"auto\" or \"none\", e.g. keymap = \"gnome\""))
            }
            requested = s
        } else {
            requested = "auto"
        }
        switch requested {
        case "none":
            keymap = nil
        case "auto":
            let (name, desktop) = loader.keymaps.detect(environment: loader.environment, windowManager: loader.windowManager)
            if let name, case .success(let k)? = loader.keymaps.load(name) {
                keymap = k
            } else {
                let what = desktop.isEmpty
                    ? Words("the desktop is not known (XDG_CURRENT_DESKTOP and DESKTOP_SESSION are empty, no window manager seen)")
                    : Words("no keymap matches the desktop '{desktop}'", ["desktop": desktop])
                context.report("keymap", Words("keymap = \"auto\": {why}; using generic chords. Set keymap to one of: {keymaps}",
                                               ["why": what, "keymaps": loader.keymaps.available().map(\.name).joined(separator: ", ")]),
                               warning: true)
                if case .success(let k)? = loader.keymaps.load("generic") { keymap = k }
            }
        default:
            switch loader.keymaps.load(requested) {
            case .success(let k)?:
                keymap = k
            case .failure(let errors)?:
                context.diagnostics += errors.diagnostics
                context.report("keymap", Words("keymap '{keymap}' has errors (above)", ["keymap": requested]))
                keymapForChecking()
            case nil:
                let names = loader.keymaps.available().map(\.name)
                context.report("keymap", Words("unknown keymap '{keymap}'{hint}; expected \"auto\", \"none\" or one of: {keymaps}",
                                               ["keymap": requested, "hint": Suggest.words(requested, names), "keymaps": names.joined(separator: ", ")]))
                keymapForChecking()
            }
        }
    }

    /// The keymap asked for is broken or unknown (already an error): check the
    /// actions against the generic one, so only real mistakes are reported.
    private mutating func keymapForChecking() {
        if case .success(let k)? = loader.keymaps.load("generic") { keymap = k }
    }
}
