import GestureCore
import GestureActions

/// A desktop's named actions (`keymaps/NAME.toml`):
///
///     desktop = "GNOME"
///     match = ["gnome", "ubuntu"]      # XDG_CURRENT_DESKTOP / DESKTOP_SESSION words
///     [actions]
///     workspace-next = "super+Page_Down"   # one or more chords, or "none"
public struct Keymap: NamedActions, Sendable {
    public let keymapName: String
    public let desktop: String
    public let match: [String]
    /// Where it was read from, or "built in".
    public let origin: String
    let entries: [String: [KeyChord]]
    let texts: [String: String]

    public var names: [String] { entries.keys.sorted() }
    public func chords(for name: String) -> [KeyChord]? { entries[name] }
    /// The entry as written in the file ("ctrl+alt+Right", "none").
    public func text(for name: String) -> String? { texts[name] }

    /// Names every keymap defines (the default config uses them).
    public static let vocabulary = [
        "workspace-next", "workspace-previous", "workspace-up", "workspace-down", "show-desktop", "overview",
        "close-window", "maximize", "minimize", "zoom-in", "zoom-out", "back", "forward",
    ]

    static func parse(name: String, text: String, file: String) -> Result<Keymap, ConfigErrors> {
        let table: TOMLTable, map: SourceMap
        switch TOMLSyntax.parse(text, file: file) {
        case .success(let parsed): (table, map) = parsed
        case .failure(let errors): return .failure(errors)
        }
        var diags: [Diagnostic] = []
        func at(_ path: String, _ message: Words, key: Bool = false) {
            let loc = map.key(path)
            diags.append(Diagnostic(.error, file: file, line: loc?.line ?? 1,
                                    column: (key ? loc?.keyColumn : loc?.valueColumn) ?? 1,
                                    length: (key ? loc?.keyLength : loc?.valueLength) ?? 1, words: message,
                                    lineText: loc.flatMap { map.lineText($0.line) }))
        }
        var desktop = name
        var match: [String] = []
        var entries: [String: [KeyChord]] = [:]
        var texts: [String: String] = [:]
        for key in table.keys {
            switch key {
            case "desktop":
                if let s = table[key]?.string { desktop = s } else { at(key, Words("'desktop' takes a string, e.g. desktop = \"GNOME\"")) }
            case "match":
                if let a = table[key]?.array, a.allSatisfy({ $0.string != nil }) {
                    match = a.compactMap { $0.string?.lowercased() }
                } else {
                    at(key, Words("'match' takes an array of strings, e.g. match = [\"gnome\", \"ubuntu\"]"))
                }
            case "actions":
                guard let actions = table[key]?.table else {
                    at(key, Words("'actions' must be a table: [actions]"))
                    continue
                }
                for action in actions.keys {
                    let path = "actions." + action
                    guard let s = actions[action]?.string else {
                        at(path, Words("'{action}' takes a string of chords, e.g. {action} = \"ctrl+alt+Right\"", ["action": action]))
                        continue
                    }
                    texts[action] = s
                    if s.trimmingSpaces == "none" {
                        entries[action] = []
                        continue
                    }
                    var chords: [KeyChord] = []
                    for w in ActionParser.words(Array(s), from: 0) {
                        switch ActionParser.parseChord(w.text, at: w.offset) {
                        case .success(let c): chords.append(c)
                        case .failure(let e):
                            let loc = map.key(path)
                            diags.append(Diagnostic(.error, file: file, line: loc?.line ?? 1,
                                                    column: (loc?.valueColumn ?? 1) + e.offset, length: e.length,
                                                    words: e.words, lineText: loc.flatMap { map.lineText($0.line) }))
                        }
                    }
                    entries[action] = chords
                }
            default:
                at(key, Words("unknown key '{key}'{hint}; a keymap has desktop, match and [actions]", ["key": key, "hint": Suggest.words(key, ["desktop", "match", "actions"])]), key: true)
            }
        }
        if !diags.isEmpty { return .failure(ConfigErrors(diagnostics: diags.sorted(by: Diagnostic.fileOrder))) }
        return .success(Keymap(keymapName: name, desktop: desktop, match: match, origin: file, entries: entries, texts: texts))
    }
}

extension Diagnostic {
    static func fileOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}
