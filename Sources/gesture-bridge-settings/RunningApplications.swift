import CGtk

/// The applications running on this display, by WM_CLASS (as `xprop`
/// reads it), for an application's scope: the window manager's client
/// list, or a window the user clicks (xprop's own crosshair).
@MainActor enum RunningApplications {
    /// Each window of `_NET_CLIENT_LIST` (a window manager publishes it;
    /// without one, the root's mapped children), its class names.
    static func list(_ done: @escaping @MainActor ([String]) -> Void) {
        let script = "w=$(xprop -root -notype _NET_CLIENT_LIST 2>/dev/null | grep -o '0x[0-9a-f]*'); "
            + "[ -n \"$w\" ] || w=$(xwininfo -root -children 2>/dev/null | grep -o '^ *0x[0-9a-f]*'); "
            + "for i in $w; do xprop -id \"$i\" -notype WM_CLASS 2>/dev/null; done"
        Subprocess.run(["/bin/sh", "-c", script]) { finished in
            var classes: [String] = []
            for line in finished.output.split(separator: "\n") {
                for c in parse(Substring(line)) where !classes.contains(c) { classes.append(c) }
            }
            done(classes)
        }
    }

    /// Lets the user click a window (xprop grabs the pointer with a crosshair).
    static func pick(_ done: @escaping @MainActor (String?) -> Void) {
        Subprocess.run(["xprop", "-notype", "WM_CLASS"]) { finished in
            done(parse(Substring(finished.output)).last)
        }
    }

    /// `WM_CLASS = "navigator", "firefox"`: the class (the second), as a scope's glob matches it.
    nonisolated static func parse(_ line: Substring) -> [String] {
        guard line.contains("WM_CLASS"), let eq = line.firstIndex(of: "=") else { return [] }
        let quoted = line[line.index(after: eq)...].split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }
        return quoted.last.map { [String($0.element)] } ?? []
    }
}
