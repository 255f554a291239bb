import GestureCore
import GestureSystem
/// Finds keymaps: user overrides first, then installed ones, then the copies
/// built into the binary.
///
/// 1. `$XDG_CONFIG_HOME/gesture-bridge/keymaps` (`~/.config/gesture-bridge/keymaps`)
/// 2. `$XDG_DATA_HOME/gesture-bridge/keymaps` (`~/.local/share/…`), then each of
///    `$XDG_DATA_DIRS` (`/usr/local/share:/usr/share`) + `/gesture-bridge/keymaps`
/// 3. next to the binary: `BINDIR/../share/gesture-bridge/keymaps`, `BINDIR/keymaps` (the daemon's,
///    `PREFIX/libexec/gesture-bridge`: `PREFIX/share/gesture-bridge/keymaps`)
/// 4. built in (the repository's `keymaps/`, embedded at build time)
public struct KeymapStore: Sendable {
    public var directories: [String]
    public var useBuiltIn = true

    public init(directories: [String], useBuiltIn: Bool = true) {
        self.directories = directories
        self.useBuiltIn = useBuiltIn
    }

    public static func standard(environment env: [String: String],
                                executableDirectory: String? = FileSystem.executableDirectory()) -> KeymapStore {
        let home = env["HOME"] ?? ""
        let configHome = env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let dataHome = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        let dataDirs = (env["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init)
        var dirs = [configHome + "/gesture-bridge/keymaps", dataHome + "/gesture-bridge/keymaps"]
        dirs += dataDirs.map { $0 + "/gesture-bridge/keymaps" }
        if let bin = executableDirectory {
            dirs += [bin + "/../share/gesture-bridge/keymaps", bin + "/keymaps"]
            // The daemon, in PREFIX/libexec/gesture-bridge/.
            if bin.hasSuffix("/libexec/gesture-bridge") { dirs.append(bin + "/../../share/gesture-bridge/keymaps") }
        }
        return KeymapStore(directories: dirs)
    }

    /// Every keymap name available, with where the one in use comes from.
    /// The origin `available` gives a keymap of the program's own.
    static let builtInOrigin = "built in"

    public func available() -> [(name: String, origin: String)] {
        var seen: [String: String] = [:]
        for dir in directories {
            for file in FileSystem.list(dir) where file.hasSuffix(".toml") {
                let name = String(file.dropLast(5))
                if seen[name] == nil { seen[name] = dir + "/" + file }
            }
        }
        if useBuiltIn {
            for (name, _) in EmbeddedKeymaps.files where seen[name] == nil { seen[name] = Self.builtInOrigin }
        }
        return seen.keys.sorted().map { ($0, seen[$0]!) }
    }

    public func load(_ name: String) -> Result<Keymap, ConfigErrors>? {
        for dir in directories {
            let path = dir + "/" + name + ".toml"
            guard FileSystem.exists(path) else { continue }
            if let problem = FilePermissions.problemWords(path) {
                return .failure(ConfigErrors(diagnostics: [Diagnostic(.error, file: path, line: 1, column: 1, words: problem)]))
            }
            switch FileSystem.readSettingsFile(path) {
            case .success(let text): return Keymap.parse(name: name, text: text, file: path)
            case .failure(let e):
                return .failure(ConfigErrors(diagnostics: [Diagnostic(.error, file: path, line: 1, column: 1,
                                                                      words: Words("cannot read keymap: {error}", ["error": "\(e)"]))]))
            }
        }
        if useBuiltIn { return Self.builtIn(name) }
        return nil
    }

    /// A built-in keymap, parsed once per process (its text is constant):
    /// `keymap = "auto"` reads keymaps' `match` on each load, and the
    /// settings app loads its config on every edit. Each is parsed the first
    /// time it is asked for, no sooner (the daemon's start-up parses only
    /// those its desktop's search reaches).
    static func builtIn(_ name: String) -> Result<Keymap, ConfigErrors>? {
        guard let file = EmbeddedKeymaps.files.first(where: { $0.name == name }) else { return nil }
        if let parsed = builtInParsed.withLock({ $0[name] }) { return parsed }
        let parsed = Keymap.parse(name: name, text: file.text, file: "built-in keymaps/\(name).toml")
        builtInParsed.withLock { $0[name] = parsed }
        return parsed
    }

    /// `Locked`, not `Synchronization.Mutex`: TSan cannot see the latter's
    /// futex and reports each access as a race.
    private static let builtInParsed = Locked<[String: Result<Keymap, ConfigErrors>]>([:])

    /// The lowercase words of `XDG_CURRENT_DESKTOP` (`ubuntu:GNOME`) and
    /// `DESKTOP_SESSION`; empty when the environment names no desktop (then
    /// the window manager decides). Cheap: no keymap is read.
    public static func desktopWords(environment env: [String: String]) -> [String] {
        ((env["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
            + (env["DESKTOP_SESSION"] ?? "").split(separator: "/").suffix(1))
            .map { $0.lowercased() }.filter { !$0.isEmpty }
    }

    /// The keymap for the running desktop: words of `XDG_CURRENT_DESKTOP`
    /// (`ubuntu:GNOME`) and `DESKTOP_SESSION`, matched against each keymap's
    /// `match`; when the environment names no desktop, the words of the
    /// window manager's name (`_NET_WM_NAME`: "KWin", "Mutter (Muffin)").
    /// Returns the name and what was tried.
    public func detect(environment env: [String: String], windowManager: String? = nil) -> (name: String?, desktop: String) {
        var words = Self.desktopWords(environment: env)
        var desktop = env["XDG_CURRENT_DESKTOP"].flatMap { $0.isEmpty ? nil : $0 } ?? env["DESKTOP_SESSION"] ?? ""
        if words.isEmpty, let wm = windowManager, !wm.isEmpty {
            // Last word first: the qualifier comes last ("Mutter (Muffin)" is Cinnamon's).
            words = wm.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).reversed().map(String.init)
            desktop = "window manager \(wm)"
        }
        guard !words.isEmpty else { return (nil, desktop) }
        // In order: the first keymap that matches the first word any
        // matches. A built-in keymap's words were read from its text when
        // EmbeddedKeymaps.swift was generated, so it is not parsed to be
        // passed over (parsing the two before GNOME's was 2.4 M of the
        // daemon's start-up under GNOME); a keymap file is parsed once,
        // whatever the number of words, and only as far as the search goes.
        let entries = available()
        var fileWords: [Int: [String]] = [:]
        func matchWords(_ i: Int) -> [String] {
            if entries[i].origin == Self.builtInOrigin,
               let builtIn = EmbeddedKeymaps.matches.first(where: { $0.name == entries[i].name }) {
                return builtIn.words
            }
            if let known = fileWords[i] { return known }
            var found: [String] = []
            if case .success(let loaded)? = load(entries[i].name) { found = loaded.match }
            fileWords[i] = found
            return found
        }
        for word in words {
            for i in entries.indices where matchWords(i).contains(word) { return (entries[i].name, desktop) }
        }
        return (nil, desktop)
    }
}
